import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_INPUT_MAX_LENGTH } from '../../../../domain/validation/auth';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors } from '../../../lib/form-resolver';
import { pictureUrl } from '../../../lib/picture-url';
import { sessionUserId } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUpdateUserMutation, useUploadProfilePictureMutation } from '../api/users-api';
import { ChangePasswordForm } from '../components/change-password-form';
import { PicturePicker, type PickedPicture } from '../components/picture-picker';
import { useProfileNameForm } from '../hooks/use-profile-name-form';
import { setUser, userLoaded } from '../user-slice';
import styles from './my-account-page.module.css';

const ChangeAttributeModal = lazy(() => import('../components/change-attribute-modal'));

/** My account: name and picture, e-mail and mobile number (changed with a code), password. */
export default function MyAccountPage() {
  const { t } = useTranslation();
  const title = t('pages.myAccount.title');
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const user = useAppSelector((state) => state.user);
  const [picture, setPicture] = useState<(PickedPicture & { previewUrl: string }) | null>(null);
  const [changing, setChanging] = useState<'email' | 'phone' | null>(null);
  const [updateUser] = useUpdateUserMutation();
  const [uploadPicture] = useUploadProfilePictureMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useProfileNameForm(user.name);

  // The user may load after the page: show the stored name unless one is being typed.
  useEffect(() => {
    if (!isDirty) reset({ name: user.name });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored name changes
  }, [user.name]);

  useEffect(() => () => {
    if (picture) URL.revokeObjectURL(picture.previewUrl);
  }, [picture]);

  const onSubmit = handleSubmit(async ({ name }) => {
    const id = user.userId !== null ? String(user.userId) : sessionUserId();
    const trimmed = name.trim();
    try {
      if (!id) throw new Error('No user id');
      const profilePicture = picture ? await uploadPicture({ id, picture: picture.blob, fileName: picture.fileName }).unwrap() : undefined;
      if (profilePicture === null) throw new Error('Upload answered no profile_picture');
      const response = await updateUser({ id, body: { name: trimmed, is_profile_updated: 1, ...(profilePicture ? { profile_picture: profilePicture } : {}) } }).unwrap();
      if (response.data?.userId) dispatch(userLoaded(response.data));
      else dispatch(setUser({ name: trimmed, is_profile_updated: 1, ...(profilePicture ? { profile_picture: profilePicture } : {}) }));
      notify.success(picture ? t('messages.PROFILE_AND_PICTURE_UPDATED') : t('messages.PROFILE_UPDATED'));
      setPicture(null);
      reset({ name: trimmed });
    } catch (err) {
      if (applyServerFieldErrors(err, setError, ['name'])) return;
      // The server checks the picture's bytes too: its image messages are more useful than a generic one.
      notify.error(apiErrorCode(err)?.startsWith('IMAGE_') ? apiErrorMessage(err) : t('errors.PROFILE_UPDATE_FAILED'));
    }
  });

  const avatar = picture?.previewUrl ?? pictureUrl(user.profile_picture);

  return (
    <>
      <PageHeader title={title} context={t('pages.myAccount.context')} />
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="profile-heading">
          <h2 id="profile-heading" className={styles.cardTitle}>
            {t('profile.profileHeading')}
          </h2>
          <div className={styles.identity}>
            <img src={avatar} alt={t('header.profilePicture')} className={styles.avatar} width={96} height={96} />
            <div className={styles.identityText}>
              <span className={styles.identityName}>{[user.name, user.last_name].filter(Boolean).join(' ') || t('header.setYourName')}</span>
              {picture && <span className={styles.pending}>{t('profile.picturePending')}</span>}
            </div>
          </div>
          <form onSubmit={onSubmit} noValidate>
            <PicturePicker onPicked={(picked) => setPicture({ ...picked, previewUrl: URL.createObjectURL(picked.blob) })} />
            <TextInput label={t('profile.name')} autoComplete="name" required maxLength={NAME_INPUT_MAX_LENGTH} error={errors.name?.message} {...register('name')} />
            <div className={styles.actions}>
              <SubmitButton loading={isSubmitting}>{t('profile.save')}</SubmitButton>
            </div>
          </form>
        </section>
        <section className={styles.card} aria-labelledby="signin-heading">
          <h2 id="signin-heading" className={styles.cardTitle}>
            {t('profile.signInHeading')}
          </h2>
          <dl className={styles.addresses}>
            {/* A dl holds dt/dd groups (in a div) only: the action sits in the group's own dd. */}
            <div className={styles.address}>
              <dt>{t('auth.email')}</dt>
              <dd>{user.email || <span className={styles.notSet}>{t('profile.notSet')}</span>}</dd>
              <dd className={styles.addressAction}>
                <SubmitButton type="button" variant="secondary" onClick={() => setChanging('email')}>
                  {t('profile.changeEmail')}
                </SubmitButton>
              </dd>
            </div>
            {/* A dl holds dt/dd groups (in a div) only: the action sits in the group's own dd. */}
            <div className={styles.address}>
              <dt>{t('auth.mobileNumber')}</dt>
              <dd>{user.phone || <span className={styles.notSet}>{t('profile.notSet')}</span>}</dd>
              <dd className={styles.addressAction}>
                <SubmitButton type="button" variant="secondary" onClick={() => setChanging('phone')}>
                  {t('profile.changeMobile')}
                </SubmitButton>
              </dd>
            </div>
          </dl>
          <h3 className={styles.cardTitle}>{t('profile.changePassword')}</h3>
          <ChangePasswordForm />
        </section>
      </div>
      {changing && (
        <Suspense fallback={null}>
          <ChangeAttributeModal attribute={changing} onClose={() => setChanging(null)} />
        </Suspense>
      )}
    </>
  );
}
