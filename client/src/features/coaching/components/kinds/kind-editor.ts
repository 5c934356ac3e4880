import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import type { CoachingKind } from '../../utils/coaching-kinds';

export type FieldValues = Record<string, unknown>;

/** The form of one kind: its fields bound to the shared schema, and what the learner will see of them. */
export type KindEditor<Values extends FieldValues = FieldValues> = {
  kind: CoachingKind;
  /** The kind's field schema from @ai-coaching/contracts: what the form checks is what the API parses. */
  schema: z.ZodType<FieldValues>;
  /** A new item's values: the API's defaults for what a create may leave out, and empty required fields. */
  blank: (language: string) => Values;
  Fields: ComponentType<{ form: SchemaForm<Values> }>;
  Preview: ComponentType<{ values: Values }>;
};

/** The kinds' editors hold different values; the frame handles them all through this one shape. */
export const asKindEditor = <Values extends FieldValues>(editor: KindEditor<Values>): KindEditor =>
  editor as unknown as KindEditor;
