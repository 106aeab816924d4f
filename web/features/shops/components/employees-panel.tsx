import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import type { ShopRole } from '../../../../shared/constants';
import type { Shop, ShopEmployee } from '../../../../shared/schemas/shops';
import { Avatar } from '../../../components/avatar';
import { ConfirmModal } from '../../../components/confirm-modal';
import { FormAlert, FormField, SubmitButton } from '../../../components/form-field';
import { CheckIcon } from '../../../components/icons';
import { LogoutIcon, TrashIcon } from '../../../components/page-icons';
import { UserText } from '../../../components/user-text';
import { formErrorsOf } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { formValues, useFormErrors } from '../../../lib/use-form-errors';
import type { Me } from '../../../lib/use-me';
import { grantableRoles, memberActions } from '../../../../shared/domain/employees';
import { useChangeRole, useRemoveEmployee, type AssignableRole } from '../api/employees';
import { useAddEmployee, usePendingInvitations, useWithdrawInvitation } from '../api/invitations';
import './employees-panel.css';

// A shop's staff with their roles (public), and for its owner and admins the management of it:
// invite by phone or e-mail with a role (the invitee accepts or declines: docs/shops-users.md),
// see and withdraw pending invitations, change a role, remove; for any member but the owner,
// leave. What the shared staff rules refuse is not shown; what the server still refuses is shown
// above the list.

const ADD_FIELDS = ['login', 'role'] as const;

interface EmployeesPanelProps {
  shop: Shop;
  me: Me | null | undefined;
  viewerRole: ShopRole | null;
}

function AddEmployeeForm({ shopId, roles }: { shopId: number; roles: AssignableRole[] }) {
  const { t } = useTranslation();
  const add = useAddEmployee(shopId);
  const { formRef, errors, clear, fromIssues, fromError } = useFormErrors(ADD_FIELDS);
  const [added, setAdded] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    setAdded(null);
    // The one check the browser can make (the shared schema would bring zod into the shop page
    // for every visitor); the server answers the rest under the same fields.
    const login = (values.login ?? '').trim();
    if (!login) return fromIssues([{ path: ['login'], message: 'required' }]);
    clear();
    try {
      const invitation = await add.mutateAsync({ login, role: values.role as AssignableRole });
      form.reset();
      setAdded(invitation.login);
    } catch (error) {
      fromError(error);
    }
  }

  return (
    <form method="post" ref={formRef} className="form staff-add" noValidate onSubmit={onSubmit}>
      <h3 className="staff-add__title">{t('add_employee')}</h3>
      <FormAlert messages={errors.general} />
      {added && (
        <div className="alert alert--success" role="status">
          <CheckIcon className="alert__icon" />
          <p>{t('employee_invited', { login: added })}</p>
        </div>
      )}
      <div className="staff-add__row">
        <FormField
          name="login"
          label={t('employee_login')}
          hint={t('employee_login_hint')}
          errors={errors.fields.login}
          autoComplete="off"
          dir="ltr"
        />
        <FormField
          name="role"
          label={t('role')}
          errors={errors.fields.role}
          render={(control) => (
            <select {...control} defaultValue="employee">
              {roles.map((role) => (
                <option key={role} value={role}>
                  {t(`shop_role_${role}`)}
                </option>
              ))}
            </select>
          )}
        />
      </div>
      <SubmitButton loading={add.isPending} loadingLabel={t('adding')}>
        {t('add_employee')}
      </SubmitButton>
    </form>
  );
}

function RoleSelect({
  member,
  roles,
  busy,
  onChange,
}: {
  member: ShopEmployee;
  roles: AssignableRole[];
  busy: boolean;
  onChange: (role: AssignableRole) => void;
}) {
  const { t } = useTranslation();
  const name = `${member.first_name} ${member.last_name}`;
  return (
    <select
      className="staff-list__role-select"
      value={member.pivot.role}
      aria-label={t('role_of', { name })}
      disabled={busy}
      aria-busy={busy}
      onChange={(event) => onChange(event.target.value as AssignableRole)}
    >
      {roles.map((role) => (
        <option key={role} value={role}>
          {t(`shop_role_${role}`)}
        </option>
      ))}
    </select>
  );
}

export function EmployeesPanel({ shop, me, viewerRole }: EmployeesPanelProps) {
  const { t } = useTranslation();
  const change = useChangeRole(shop.id);
  const remove = useRemoveEmployee(shop.id);
  const [asked, setAsked] = useState<{ member: ShopEmployee; leaving: boolean } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const roles = grantableRoles(me, viewerRole);
  const invitations = usePendingInvitations(shop.id, roles.length > 0);
  const withdraw = useWithdrawInvitation(shop.id);

  async function onWithdraw(invitationId: number) {
    setErrors([]);
    try {
      await withdraw.mutateAsync(invitationId);
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
  }

  async function onRole(member: ShopEmployee, role: AssignableRole) {
    setErrors([]);
    try {
      await change.mutateAsync({ userId: member.id, role });
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    }
  }

  async function onRemove() {
    if (!asked) return;
    setErrors([]);
    try {
      await remove.mutateAsync(asked.member.id);
    } catch (error) {
      setErrors(formErrorsOf(error, []).general);
    } finally {
      setAsked(null);
    }
  }

  return (
    <section className="staff" aria-labelledby="staff-title">
      <h2 id="staff-title" className="visually-hidden">
        {t('employees')}
      </h2>
      {roles.length > 0 && <AddEmployeeForm shopId={shop.id} roles={roles} />}
      <FormAlert messages={errors} />
      <ul className="staff-list">
        {shop.employees.map((member) => {
          const actions = memberActions(me, viewerRole, { id: member.id, role: member.pivot.role });
          const name = `${member.first_name} ${member.last_name}`;
          const busy =
            (change.isPending && change.variables?.userId === member.id) ||
            (remove.isPending && remove.variables === member.id);
          return (
            <li key={member.id} className="staff-list__item">
              <Avatar name={name} photo={member.photo_small_url} size={44} />
              <div className="staff-list__who">
                <Link to={paths.user(member.id)} className="staff-list__name">
                  <UserText text={name} />
                </Link>
                {me?.id === member.id && <span className="staff-list__you">{t('you')}</span>}
              </div>
              <div className="staff-list__controls">
                {actions.roles.length ? (
                  <RoleSelect
                    member={member}
                    roles={actions.roles}
                    busy={busy}
                    onChange={(role) => onRole(member, role)}
                  />
                ) : (
                  <span className={`role-badge role-badge--${member.pivot.role}`}>
                    {t(`shop_role_${member.pivot.role}`)}
                  </span>
                )}
                {actions.remove && (
                  <button
                    type="button"
                    className="icon-button staff-list__remove"
                    aria-label={t('remove_employee_named', { name })}
                    title={t('remove_employee')}
                    disabled={busy}
                    onClick={() => setAsked({ member, leaving: false })}
                  >
                    <TrashIcon size={18} />
                  </button>
                )}
                {actions.leave && (
                  <button
                    type="button"
                    className="button button--secondary staff-list__leave"
                    disabled={busy}
                    onClick={() => setAsked({ member, leaving: true })}
                  >
                    <LogoutIcon size={16} />
                    {t('leave_shop')}
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {invitations.data && invitations.data.length > 0 && (
        <>
          <h3 className="staff__subtitle">{t('pending_invitations')}</h3>
          <ul className="staff-list staff-list--invited">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="staff-list__item staff-list__item--invited">
                <div className="staff-list__who">
                  <bdi className="staff-list__name" dir="ltr">
                    {invitation.login}
                  </bdi>
                </div>
                <div className="staff-list__controls">
                  <span className={`role-badge role-badge--${invitation.pivot.role}`}>
                    {t(`shop_role_${invitation.pivot.role}`)}
                  </span>
                  <span className="role-badge role-badge--invited">{t('invited')}</span>
                  <button
                    type="button"
                    className="icon-button staff-list__remove"
                    aria-label={t('withdraw_invitation_named', { login: invitation.login })}
                    title={t('withdraw_invitation')}
                    disabled={withdraw.isPending && withdraw.variables === invitation.id}
                    onClick={() => onWithdraw(invitation.id)}
                  >
                    <TrashIcon size={18} />
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmModal
        open={asked !== null}
        title={asked?.leaving ? t('leave_shop') : t('remove_employee')}
        message={
          asked?.leaving
            ? t('confirm_leave_shop', { shop: shop.name })
            : t('confirm_remove_employee', {
                name: `${asked?.member.first_name} ${asked?.member.last_name}`,
              })
        }
        busy={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setAsked(null)}
      />
    </section>
  );
}
