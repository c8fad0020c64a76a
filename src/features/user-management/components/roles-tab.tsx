import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../../../../domain/campaign';
import { RESOURCES, type ResourceDefinition, type ResourceName } from '../../../../domain/permissions';
import { roleFormSchema } from '../../../../domain/validation/campaign';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { validationText } from '../../../lib/validation-text';
import { useAddRoleMutation, useDeleteRoleMutation, useResourcesQuery, useUpdateRoleMutation } from '../api/team-api';
import styles from '../pages/user-management-page.module.css';

interface RolesTabProps {
  campaignId: string;
  roles: RoleItem[];
}

type Editing = { kind: 'new' } | { kind: 'edit'; role: RoleItem } | null;

/** Roles and access: the roles of the campaign and their resource names (owner read-only). */
export function RolesTab({ campaignId, roles }: RolesTabProps) {
  const { t } = useTranslation();
  const listed = useResourcesQuery().data;
  // The built-in catalogue until the server's answers (and if it answers none).
  const resources: readonly ResourceDefinition[] = listed && listed.length > 0 ? listed : RESOURCES;
  const [deleteRole] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmDelete, setConfirmDelete] = useState<RoleItem | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (role: RoleItem) => {
    setBusy(true);
    try {
      const result = await deleteRole({ campaignId, roleKey: role.role_key }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.ROLE_DELETED'));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
      setConfirmDelete(null);
    }
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="roles-heading">
        <div className={styles.actions} style={{ justifyContent: 'space-between' }}>
          <h2 id="roles-heading" className={styles.heading}>
            {t('roles.title')}
          </h2>
          <SubmitButton type="button" onClick={() => setEditing({ kind: 'new' })}>
            {t('roles.add')}
          </SubmitButton>
        </div>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('roles.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('roles.columns.name')}</th>
              <th scope="col">{t('roles.columns.members')}</th>
              <th scope="col">{t('roles.columns.permissions')}</th>
              <th scope="col">{t('roles.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => (
              <tr key={role.role_key}>
                <td>
                  {role.name}
                  {role.is_system && <span className={styles.muted}> · {t('roles.system')}</span>}
                </td>
                <td>{role.member_count}</td>
                <td>{t('roles.count', { count: role.resource_names.length, total: resources.length })}</td>
                <td>
                  <div className={styles.actions} style={{ justifyContent: 'flex-start' }}>
                    <SubmitButton type="button" variant="secondary" className={styles.small} aria-label={t(role.role_key === 'owner' ? 'roles.viewFor' : 'roles.editFor', { name: role.name })} onClick={() => setEditing({ kind: 'edit', role })}>
                      {role.role_key === 'owner' ? t('roles.view') : t('roles.edit')}
                    </SubmitButton>
                    {!role.is_system && (
                      <SubmitButton type="button" variant="secondary" className={styles.small} aria-label={t('roles.deleteFor', { name: role.name })} onClick={() => setConfirmDelete(role)}>
                        {t('roles.delete')}
                      </SubmitButton>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {editing && (
        <RoleEditor
          key={editing.kind === 'edit' ? editing.role.role_key : 'new'}
          campaignId={campaignId}
          role={editing.kind === 'edit' ? editing.role : null}
          resources={resources}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        open={confirmDelete !== null}
        title={t('roles.deleteTitle')}
        confirmLabel={t('roles.delete')}
        cancelLabel={t('profile.cancel')}
        busy={busy}
        onConfirm={() => confirmDelete && void remove(confirmDelete)}
        onCancel={() => setConfirmDelete(null)}
      >
        {t('roles.deleteText', { name: confirmDelete?.name ?? '' })}
      </ConfirmModal>
    </>
  );
}

interface RoleEditorProps {
  campaignId: string;
  role: RoleItem | null;
  resources: readonly ResourceDefinition[];
  onDone: () => void;
  onCancel: () => void;
}

function RoleEditor({ campaignId, role, resources, onDone, onCancel }: RoleEditorProps) {
  const { t } = useTranslation();
  const readOnly = role?.role_key === 'owner';
  const [addRole] = useAddRoleMutation();
  const [updateRole] = useUpdateRoleMutation();
  const [name, setName] = useState(role?.name ?? '');
  const [selected, setSelected] = useState<Set<string>>(() => new Set(role?.resource_names ?? []));
  const [nameError, setNameError] = useState('');
  const [saving, setSaving] = useState(false);
  const groups = [...new Set(resources.map((r) => r.group))];

  const toggle = (resource: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(resource)) {
        next.delete(resource);
        // Unticking View reports also unticks Download reports: a download needs the view.
        for (const r of resources) if (r.requires === resource) next.delete(r.name);
      } else {
        next.add(resource);
        const required = resources.find((r) => r.name === resource)?.requires;
        if (required) next.add(required);
      }
      return next;
    });

  const save = async () => {
    const resource_names = resources.map((r) => r.name).filter((n) => selected.has(n)) as ResourceName[];
    try {
      await roleFormSchema.validate({ name, resource_names });
    } catch (err) {
      setNameError(validationText((err as Error).message));
      return;
    }
    setNameError('');
    setSaving(true);
    try {
      const result = role
        ? await updateRole({ campaign_id: campaignId, role_key: role.role_key, name: name.trim(), resource_names }).unwrap()
        : await addRole({ campaign_id: campaignId, name: name.trim(), resource_names }).unwrap();
      notify.success(successMessage(result.message_code, role ? 'messages.ROLE_UPDATED' : 'messages.ROLE_CREATED'));
      onDone();
    } catch (err) {
      notify.apiError(err);
    } finally {
      setSaving(false);
    }
  };

  const heading = role ? t('roles.editTitle', { name: role.name }) : t('roles.newTitle');
  return (
    <section className={styles.card} aria-label={heading}>
      <h2 className={styles.heading}>{heading}</h2>
      {readOnly && <p className={styles.muted}>{t('roles.ownerReadOnly')}</p>}
      <TextInput label={t('roles.name')} required value={name} readOnly={readOnly || role?.is_system} error={nameError} onChange={(e) => setName(e.target.value)} />
      <div className={styles.groups}>
        {groups.map((group) => (
          <fieldset key={group} className={styles.group}>
            <legend>{group}</legend>
            {resources
              .filter((r) => r.group === group)
              .map((r) => (
                <label key={r.name} className={styles.check}>
                  <input type="checkbox" checked={readOnly || selected.has(r.name)} disabled={readOnly} onChange={() => toggle(r.name)} />
                  {r.label}
                </label>
              ))}
          </fieldset>
        ))}
      </div>
      <div className={styles.actions}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={saving}>
          {readOnly ? t('roles.close') : t('profile.cancel')}
        </SubmitButton>
        {!readOnly && (
          <SubmitButton type="button" loading={saving} onClick={() => void save()}>
            {t('roles.save')}
          </SubmitButton>
        )}
      </div>
    </section>
  );
}
