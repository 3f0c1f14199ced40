import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { Form } from 'antd';
import type { FormItemProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { isRequiredField, zodRules, type ObjectSchema } from './zod-rules';

/** How the form holds a value the contract reads differently. */
export type FieldKind = 'text' | 'date' | 'instant' | 'number';

type Node = {
  maxLength?: number | null;
  def?: { innerType?: unknown; in?: unknown; options?: unknown[] };
};

/** The longest text a contract field allows (looking through optional, default, union and pipe). */
export function contractMaxLength(schema: unknown): number | undefined {
  const node = schema as Node | undefined;
  if (!node) return undefined;
  if (typeof node.maxLength === 'number') return node.maxLength;
  const inner = [node.def?.innerType, node.def?.in, ...(node.def?.options ?? [])];
  for (const candidate of inner) {
    const found = contractMaxLength(candidate);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A date picker holds a Dayjs; the contract, and so the form's value, a `YYYY-MM-DD` string. */
const dateValue = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : null),
};
/** A date-and-time picker holds a Dayjs; the contract, and so the form's value, an ISO instant. */
const instantValue = {
  getValueProps: (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null | undefined) => (value ? value.toISOString() : null),
};
/** An emptied number input gives undefined; the contract reads "none" as null. */
const numberValue = { normalize: (value: number | null | undefined) => value ?? null };

type Props = {
  /** The contract's form schema the field belongs to. */
  schema: ObjectSchema;
  name: string;
  /**
   * Where the field sits in the form when it is not at the top: a row of a `Form.List`
   * (`[row.name]`), whose items the `schema` describes.
   */
  namePath?: (string | number)[];
  label: ReactNode;
  /** `date`, `instant` and `number` fields are held in the form as the contract reads them. */
  kind?: FieldKind;
  extra?: ReactNode;
  /** Fields whose change checks this one again (a confirmation against its password). */
  dependencies?: FormItemProps['dependencies'];
  /**
   * How the contract's length reaches a text input: `block` (its `maxLength`, nothing longer can be
   * typed) or `count` (a count against the length that turns red past it: more can be typed or
   * pasted, and the contract's message says it is too long, in the form's language).
   */
  length?: 'block' | 'count';
  /** The input; a text input gets the contract's length (see `length`). */
  children: ReactElement;
};

/**
 * A form field fed by the contract: its rules and messages, its required mark and its length all
 * come from the schema the API checks the body with, and dates and numbers are held as the
 * contract reads them, so the form's values are the request's.
 */
export function ContractField(props: Props) {
  const { schema, name, namePath, label, kind = 'text', length = 'block', extra, dependencies, children } = props;
  const max = kind === 'text' ? contractMaxLength(schema.shape[name]) : undefined;
  const own = isValidElement<{ maxLength?: number; count?: unknown }>(children) ? children.props : null;
  const input =
    max === undefined || !own || own.maxLength !== undefined || own.count !== undefined
      ? children
      : cloneElement(children as ReactElement<{ maxLength?: number; count?: unknown }>, {
          ...(length === 'count' ? { count: { show: true, max } } : { maxLength: max }),
        });
  const transform =
    kind === 'date' ? dateValue : kind === 'instant' ? instantValue : kind === 'number' ? numberValue : {};
  return (
    <Form.Item
      name={namePath ? [...namePath, name] : name}
      label={label}
      extra={extra}
      dependencies={dependencies}
      rules={zodRules(schema, name)}
      required={isRequiredField(schema, name)}
      {...transform}
    >
      {input}
    </Form.Item>
  );
}
