import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUploadField, imageFieldOf } from '../../../../components/image-upload-field';
import { EntityImage } from '../../../../components/ui/avatar';
import { TextAreaField, TextField } from '../../../../components/ui/field';
import type { SchemaForm } from '../../../../hooks/use-schema-form';
import { imageUrl } from '../../../../lib/images';

// What content played in order (a playlist, a program) shows alike in its editor: its name, description and picture,
// and a preview of its steps.

type Named = { name?: string; description?: string; image_id?: string | null };

/** The name, description and picture fields. */
export const OrderedContentFields = <Values extends Named & Record<string, unknown>>({
  form,
  nameLabel,
}: {
  form: SchemaForm<Values>;
  nameLabel: string;
}) => {
  const { t } = useTranslation('coaching');
  return (
    <>
      <TextField label={nameLabel} required maxLength={120} autoComplete="off" {...form.field('name')} />
      <TextAreaField label={t('fields.description')} rows={3} {...form.field('description')} />
      <ImageUploadField
        label={t('fields.image')}
        category="playlists"
        fallback="mission"
        // Every form here has an `image_id`; the generic form cannot show it to `imageFieldOf`'s key check.
        {...imageFieldOf(form as unknown as SchemaForm<{ image_id: string | null }>, 'image_id')}
      />
    </>
  );
};

/** The preview of content played in order (a playlist, a program): its picture, name, description and steps. */
export const OrderedPreview = ({
  imageId,
  name,
  description,
  steps,
  empty,
  children,
}: {
  imageId: string | null | undefined;
  /** The name, or what an unnamed one is called. */
  name: string;
  description: string | undefined;
  steps: readonly string[];
  /** Said when there are no steps yet. */
  empty: string;
  children?: ReactNode;
}) => (
  <div className="flex flex-col gap-3 text-sm">
    <EntityImage kind="mission" src={imageUrl(imageId)} className="aspect-[3/2] w-full rounded-md" />
    <p className="text-base font-semibold break-words">{name}</p>
    {description ? <p className="whitespace-pre-line">{description}</p> : null}
    {steps.length > 0 ? (
      <ol className="list-decimal pl-5">
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    ) : (
      <p className="text-gray-700 dark:text-gray-300">{empty}</p>
    )}
    {children}
  </div>
);
