import { useEffect } from 'react';
import type { FormInstance, FormRule } from 'antd';
import { translateMessage, useLanguage } from '../i18n';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };
type SafeParseResult = { success: true } | { success: false; error: { issues: readonly Issue[] } };

/** The part of a zod schema the adapter needs (any zod 4 schema has it). */
export type ParseableSchema = { safeParse(value: unknown): SafeParseResult };
/** A zod object schema, possibly with object-level refinements (e.g. "passwords match"). */
export type ObjectSchema = ParseableSchema & { shape: Record<string, ParseableSchema> };

type Values = Record<string, unknown>;

/**
 * The message keys of the problems with one field, first problem first: the field's own schema,
 * then the object's refinements that point at this field (such as confirm ≠ new password).
 */
export function fieldIssues(schema: ObjectSchema, field: string, values: Values): string[] {
  const own = schema.shape[field]?.safeParse(values[field]);
  if (own && !own.success) return own.error.issues.map((issue) => issue.message);
  const whole = schema.safeParse(values);
  if (whole.success) return [];
  return whole.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
}

/** True when the field refuses an empty value (for the required mark of antd's Form.Item). */
export function isRequiredField(schema: ObjectSchema, field: string): boolean {
  const own = schema.shape[field];
  return !!own && !own.safeParse('').success && !own.safeParse(undefined).success;
}

/**
 * antd Form `rules` for one field of a contracts schema: the rule is the contract's, the message is
 * its key translated (with the contract's parameters). The same schema checks the API body, so the
 * form and the server cannot disagree.
 */
export function zodRules(
  schema: ObjectSchema,
  field: string,
  translate: (key: string) => string = (key) => translateMessage(key),
): FormRule[] {
  return [
    (form) => ({
      validator: async (_rule, value: unknown) => {
        const values = { ...(form.getFieldsValue(true) as Values), [field]: value };
        const [first] = fieldIssues(schema, field, values);
        if (first) throw new Error(translate(first));
      },
    }),
  ];
}

/** Messages already shown under a form's fields are translated again when the language changes. */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const language = useLanguage();
  useEffect(() => {
    const shown = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (shown.length > 0) form.validateFields(shown).catch(() => {});
  }, [language, form]);
}
