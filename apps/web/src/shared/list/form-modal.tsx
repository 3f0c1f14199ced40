import { useEffect, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../api';
import { useRevalidateOnLanguage } from '../form/zod-rules';

type Props<V> = {
  open: boolean;
  title: ReactNode;
  form: FormInstance<V>;
  /**
   * Sends the form (through a mutation; its failure is reported once by the query client); resolve
   * to close. A 422 answer also puts the server's messages under the fields.
   */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
  /** Values of the form when it opens (edit); the form is cleared when it closes. */
  initialValues?: Partial<V>;
};

/**
 * Create and edit dialogs: validates with the form's rules (the contract's), sends, shows the
 * server's field messages when it refuses, and keeps the dialog and its input on any failure.
 */
export function FormModal<V extends object>(props: Props<V>) {
  const { open, title, form, onSubmit, onClose, children, width = 640, initialValues } = props;
  useRevalidateOnLanguage(form);
  const save = useMutation({ mutationFn: (values: V) => onSubmit(values) });
  // The values are set as the dialog opens, not when its animation ends: by then a quick hand may
  // already have typed.
  useEffect(() => {
    if (open) form.setFieldsValue((initialValues ?? {}) as never);
    // Only on opening: the caller's initialValues object is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  // A refusal that belongs to no field is also said in the dialog, next to the input it is about.
  const refusal = save.error && !(isApiError(save.error) && save.error.fields.some((f) => f.path)) ? save.error : null;
  const handleOk = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fields.length > 0) {
        form.setFields(
          error.fields.filter((f) => f.path).map((f) => ({ name: f.path.split('.') as never, errors: [f.message] })),
        );
      }
    }
  };
  /**
   * Enter in a one-line field sends the dialog, as a form would (the dialog's OK button is outside
   * the form); not while an input method is composing, nor in a drop-down or date field, where
   * Enter picks.
   */
  const handleKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return;
    if (target.closest('.ant-select, .ant-picker, .ant-cascader, .ant-tree-select')) return;
    event.preventDefault();
    if (!save.isPending) void handleOk();
  };
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      confirmLoading={save.isPending}
      onOk={handleOk}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) {
          form.resetFields();
          save.reset();
        }
      }}
      mask={{ closable: false }}
    >
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={refusal.message}
          style={{ marginBottom: 16 }}
          data-testid="dialog-refusal"
        />
      ) : null}
      {/* Named, so its field ids never clash with the search bar's (labels point at the right input). */}
      <Form
        form={form}
        name="dialog"
        layout="vertical"
        preserve={false}
        initialValues={initialValues}
        onKeyDown={handleKeyDown}
      >
        {children}
      </Form>
    </Modal>
  );
}
