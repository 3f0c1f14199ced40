import { useState } from 'react';

/**
 * The state of a list's create/edit dialog, as every list screen holds it. `record` is the row
 * being edited (null for a new one) and `context` what a new one starts from (e.g. its parent
 * menu). Both are kept while the dialog closes, so its title and fields do not change during the
 * closing animation.
 */
export type FormDialog<R, C = undefined> = {
  open: boolean;
  record: R | null;
  context: C | undefined;
  /** True while the dialog edits a row (false for a new one). */
  editing: boolean;
  openCreate: (context?: C) => void;
  openEdit: (record: R) => void;
  close: () => void;
};

/** One create/edit dialog of a list screen (see `FormDialog`). */
export function useFormDialog<R, C = undefined>(): FormDialog<R, C> {
  const [state, setState] = useState<{ open: boolean; record: R | null; context: C | undefined }>({
    open: false,
    record: null,
    context: undefined,
  });
  return {
    ...state,
    editing: state.record !== null,
    openCreate: (context) => setState({ open: true, record: null, context }),
    openEdit: (record) => setState({ open: true, record, context: undefined }),
    close: () => setState((current) => ({ ...current, open: false })),
  };
}
