import { describe, expect, it } from 'vitest';
import type { SchemaForm } from '../hooks/use-schema-form';
import { imageFieldOf } from './image-upload-field';

type Values = { name: string; image_id?: string | null };

const formWith = (values: Values, errors: Record<string, string> = {}) => {
  const set: [string, unknown][] = [];
  const form = {
    values,
    setValue: (name: string, value: unknown) => set.push([name, value]),
    errorOf: (name: string) => errors[name] ?? null,
  } as unknown as SchemaForm<Values>;
  return { form, set };
};

describe('imageFieldOf', () => {
  it('reads no image as null, and the field’s error', () => {
    const { form } = formWith({ name: 'A' }, { image_id: 'Unknown image' });
    const field = imageFieldOf(form, 'image_id');
    expect(field.value).toBeNull();
    expect(field.error).toBe('Unknown image');
  });

  it('reads the id, and sets the chosen id or none on the same field', () => {
    const { form, set } = formWith({ name: 'A', image_id: 'img-1' });
    const field = imageFieldOf(form, 'image_id');
    expect(field.value).toBe('img-1');
    field.onChange('img-2');
    field.onChange(null);
    expect(set).toEqual([
      ['image_id', 'img-2'],
      ['image_id', null],
    ]);
  });
});
