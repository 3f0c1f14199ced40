import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { PageKeyContext, forgetPage, needsCloseConfirm, useConfirmBeforeClose } from './close-guard';

function Editor({ dirty }: { dirty: boolean | (() => boolean) }) {
  useConfirmBeforeClose(dirty);
  return null;
}

function renderPage(key: string, dirty: boolean | (() => boolean)) {
  return render(
    <PageKeyContext value={key}>
      <Editor dirty={dirty} />
    </PageKeyContext>,
  );
}

describe('confirm before close', () => {
  it('is asked for only while the page says so', () => {
    const view = renderPage('/task/path', true);
    expect(needsCloseConfirm('/task/path')).toBe(true);
    view.rerender(
      <PageKeyContext value="/task/path">
        <Editor dirty={false} />
      </PageKeyContext>,
    );
    expect(needsCloseConfirm('/task/path')).toBe(false);
  });

  it('takes a callback, asked at close time', () => {
    let unsaved = false;
    renderPage('/sys/config', () => unsaved);
    expect(needsCloseConfirm('/sys/config')).toBe(false);
    unsaved = true;
    expect(needsCloseConfirm('/sys/config')).toBe(true);
  });

  it('survives the page being hidden and is forgotten when its tag closes', () => {
    const view = renderPage('/robot/list', true);
    view.unmount();
    expect(needsCloseConfirm('/robot/list')).toBe(true);
    forgetPage('/robot/list');
    expect(needsCloseConfirm('/robot/list')).toBe(false);
  });

  it('does nothing outside a cached page', () => {
    render(<Editor dirty />);
    expect(needsCloseConfirm('')).toBe(false);
  });
});
