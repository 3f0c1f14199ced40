import { feedback } from '@/shared/ui';

type Texts = { title: string; content: string };

/**
 * Asks before closing pages with unsaved changes; `onOk` closes them. Resolves once the dialog has
 * gone, true when confirmed: only then can the tag bar move the focus, as the dialog gives it back
 * to where it was when it closes.
 */
export function confirmClose({ title, content }: Texts, onOk: () => void): Promise<boolean> {
  return new Promise((resolve) => {
    let confirmed = false;
    feedback().modal.confirm({
      title,
      content,
      onOk: () => {
        confirmed = true;
        onOk();
      },
      afterClose: () => resolve(confirmed),
    });
  });
}
