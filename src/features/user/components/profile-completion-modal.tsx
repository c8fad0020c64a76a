import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_INPUT_MAX_LENGTH } from '../../../../domain/validation/auth';
import { StaticModal } from '../../../components/static-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { applyServerFieldErrors } from '../../../lib/form-resolver';
import { sessionUserId } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useUpdateUserMutation } from '../api/users-api';
import { useProfileNameForm } from '../hooks/use-profile-name-form';
import { setUser, userLoaded } from '../user-slice';
import styles from './profile-completion-modal.module.css';

/** Asks a signed-in user whose profile is not completed (is_profile_updated 0) for their name. */
export default function ProfileCompletionModal() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const [open, setOpen] = useState(true);
  const [updateUser] = useUpdateUserMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useProfileNameForm(user.name);

  const onSubmit = handleSubmit(async ({ name }) => {
    const id = user.userId !== null ? String(user.userId) : sessionUserId();
    try {
      if (!id) throw new Error('No user id');
      const response = await updateUser({ id, body: { name: name.trim(), is_profile_updated: 1 } }).unwrap();
      if (response.data?.userId) dispatch(userLoaded(response.data));
      else dispatch(setUser({ name: name.trim(), is_profile_updated: 1 }));
      notify.success(t('messages.PROFILE_UPDATED'));
      setOpen(false);
    } catch (err) {
      if (!applyServerFieldErrors(err, setError, ['name'])) notify.error(t('errors.PROFILE_UPDATE_FAILED'));
    }
  });

  return (
    <StaticModal open={open} title={t('profile.completeTitle')} onClose={() => setOpen(false)}>
      <p className={styles.text}>{t('profile.completeText')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextInput label={t('profile.name')} autoComplete="name" required maxLength={NAME_INPUT_MAX_LENGTH} error={errors.name?.message} {...register('name')} />
        <div className={styles.actions}>
          <SubmitButton loading={isSubmitting}>{t('profile.save')}</SubmitButton>
        </div>
      </form>
    </StaticModal>
  );
}
