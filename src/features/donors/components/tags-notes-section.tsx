import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MetadataRow } from '../../../../domain/donor-book/tags-notes-contract';
import type { MetadataKind } from '../../../../domain/donor-book/enums';
import { addMetadataRequestSchema, NOTE_MAX_LENGTH, TAG_MAX_LENGTH } from '../../../../domain/validation/donors';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { FRESH, useAddMetadataMutation, useDeleteMetadataMutation, useDonorMetadataListQuery, useUpdateMetadataMutation } from '../api/donors-api';
import styles from './sections.module.css';

const METADATA_LIMIT = 500;
const metadataFormSchema = addMetadataRequestSchema.pick(['kind', 'value']);

interface MetadataValues {
  kind: MetadataKind;
  value: string;
}

interface TagsNotesProps {
  campaignId: string;
  donorId: string;
  canWrite: boolean;
}

/**
 * Tags (chips: add, remove) and notes (add, edit, delete) of a donor, through the metadata API. A tag's
 * write invalidates 'DonorTag' (the donor's #tags, the list's Tag filter follow), a note's 'DonorNote'.
 */
export function TagsNotesSection({ campaignId, donorId, canWrite }: TagsNotesProps) {
  const { t } = useTranslation();
  const list = useDonorMetadataListQuery(campaignId ? { campaignId, query: { donor_id: donorId, limit: METADATA_LIMIT } } : skipToken, FRESH);
  const data = useCampaignData(list, campaignId || null);
  const [deleteMetadata] = useDeleteMetadataMutation();
  const rows = data?.metadata_list ?? [];
  const tags = rows.filter((m) => m.kind === 'tag');
  const notes = rows.filter((m) => m.kind === 'note');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deletingNote, setDeletingNote] = useState<MetadataRow | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);

  const remove = async (row: MetadataRow) => {
    setBusyId(row.metadata_id);
    try {
      const result = await deleteMetadata({ campaignId, metadataId: row.metadata_id, kind: row.kind }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.METADATA_DELETED'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusyId(null);
      setDeletingNote(null);
    }
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="tags-heading">
        <div className={styles.cardHeader}>
          <h2 id="tags-heading" className={styles.cardTitle}>
            {t('donors.tags.title')}
          </h2>
        </div>
        {list.isError && (
          <FormAlert>
            <p>{apiErrorMessage(list.error)}</p>
          </FormAlert>
        )}
        {tags.length === 0 && data && <p className={styles.empty}>{t('donors.tags.empty')}</p>}
        {tags.length > 0 && (
          <ul className={styles.chips} aria-label={t('donors.tags.title')}>
            {tags.map((tag) => (
              <li key={tag.metadata_id} className={styles.chip}>
                {tag.value}
                {canWrite && (
                  <button
                    type="button"
                    className={styles.chipRemove}
                    aria-label={t('donors.tags.remove', { tag: tag.value })}
                    disabled={busyId === tag.metadata_id}
                    onClick={() => void remove(tag)}
                  >
                    ×
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && <AddMetadataForm kind="tag" campaignId={campaignId} donorId={donorId} />}
      </section>

      <section className={styles.card} aria-labelledby="notes-heading">
        <div className={styles.cardHeader}>
          <h2 id="notes-heading" className={styles.cardTitle}>
            {t('donors.notes.title')}
          </h2>
        </div>
        {notes.length === 0 && data && <p className={styles.empty}>{t('donors.notes.empty')}</p>}
        {notes.length > 0 && (
          <ul className={styles.notes}>
            {notes.map((note) => {
              const date = formatDate(note.updated_at || note.created_at);
              return (
                <li key={note.metadata_id} className={styles.noteItem}>
                  {editingId === note.metadata_id ? (
                    <EditNoteForm
                      campaignId={campaignId}
                      note={note}
                      onCancel={() => setEditingId(null)}
                      onSaved={() => setEditingId(null)}
                    />
                  ) : (
                    <>
                      <p className={styles.noteText}>{note.value}</p>
                      <div className={styles.noteMeta}>
                        <span>{note.created_by ? t('donors.notes.by', { name: note.created_by.name, date }) : date}</span>
                        {canWrite && (
                          <span className={styles.rowActions}>
                            <button
                              type="button"
                              className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.small}`}
                              aria-label={t('donors.notes.editFor', { date })}
                              onClick={() => setEditingId(note.metadata_id)}
                            >
                              {t('donors.notes.edit')}
                            </button>
                            <button
                              type="button"
                              className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.small} ${styles.danger}`}
                              aria-label={t('donors.notes.deleteFor', { date })}
                              onClick={() => setDeletingNote(note)}
                            >
                              {t('donors.notes.delete')}
                            </button>
                          </span>
                        )}
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {canWrite && <AddMetadataForm kind="note" campaignId={campaignId} donorId={donorId} />}
        <ConfirmModal
          open={deletingNote !== null}
          title={t('donors.notes.deleteTitle')}
          confirmLabel={t('donors.delete')}
          cancelLabel={t('donors.cancel')}
          busy={deletingNote !== null && busyId === deletingNote.metadata_id}
          onConfirm={() => deletingNote && void remove(deletingNote)}
          onCancel={() => setDeletingNote(null)}
        >
          {t('donors.notes.deleteText')}
        </ConfirmModal>
      </section>
    </>
  );
}

interface AddMetadataFormProps {
  kind: MetadataKind;
  campaignId: string;
  donorId: string;
}

function AddMetadataForm({ kind, campaignId, donorId }: AddMetadataFormProps) {
  const { t } = useTranslation();
  const [addMetadata] = useAddMetadataMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MetadataValues>({ defaultValues: { kind, value: '' }, resolver: catalogueResolver<MetadataValues>(metadataFormSchema) });
  const onSubmit = async (values: MetadataValues) => {
    try {
      const result = await addMetadata({ campaign_id: campaignId, donor_id: donorId, kind, value: values.value.trim() }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.METADATA_ADDED'));
      reset({ kind, value: '' });
    } catch (err) {
      setError('value', { type: 'server', message: apiErrorMessage(err) }, { shouldFocus: true });
    }
  };
  const label = kind === 'tag' ? t('donors.tags.new') : t('donors.notes.new');
  return (
    <form className={styles.inlineForm} onSubmit={handleSubmit(onSubmit)} noValidate aria-label={kind === 'tag' ? t('donors.tags.add') : t('donors.notes.add')}>
      {kind === 'tag' ? (
        <TextInput label={label} maxLength={TAG_MAX_LENGTH + 1} autoComplete="off" error={errors.value?.message} {...register('value')} />
      ) : (
        <TextArea label={label} rows={2} maxLength={NOTE_MAX_LENGTH + 1} error={errors.value?.message} {...register('value')} />
      )}
      <SubmitButton variant="secondary" className={styles.inlineButton} loading={isSubmitting}>
        {kind === 'tag' ? t('donors.tags.add') : t('donors.notes.add')}
      </SubmitButton>
    </form>
  );
}

interface EditNoteFormProps {
  campaignId: string;
  note: MetadataRow;
  onCancel: () => void;
  onSaved: () => void;
}

function EditNoteForm({ campaignId, note, onCancel, onSaved }: EditNoteFormProps) {
  const { t } = useTranslation();
  const [updateMetadata] = useUpdateMetadataMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MetadataValues>({ defaultValues: { kind: 'note', value: note.value }, resolver: catalogueResolver<MetadataValues>(metadataFormSchema) });
  const onSubmit = async (values: MetadataValues) => {
    try {
      const result = await updateMetadata({ body: { campaign_id: campaignId, metadata_id: note.metadata_id, value: values.value.trim() }, kind: note.kind }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.METADATA_UPDATED'));
      onSaved();
    } catch (err) {
      setError('value', { type: 'server', message: apiErrorMessage(err) }, { shouldFocus: true });
    }
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('donors.notes.editLabel')}>
      <TextArea label={t('donors.notes.editLabel')} rows={3} autoFocus error={errors.value?.message} {...register('value')} />
      <div className={styles.rowActions}>
        <SubmitButton type="button" variant="secondary" className={styles.small} onClick={onCancel}>
          {t('donors.notes.cancel')}
        </SubmitButton>
        <SubmitButton className={styles.small} loading={isSubmitting}>
          {t('donors.notes.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
