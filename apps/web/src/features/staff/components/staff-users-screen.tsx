import { createStaffSchema, ROLES, STAFF_ROLES, type CreateStaffInput, type ManagedUser, type Role } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { errorDetail } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { useCreateStaffUser } from "../api/create-staff-user";
import { useStaffUsers, type StaffUserFilters } from "../api/get-staff-users";
import { useUpdateStaffUser } from "../api/update-staff-user";
import { failureMessage, generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";
import { roleLabel } from "../utils/staff-format";
import { StaffShell } from "../../../components/layout/staff-shell";
import { staffShellMessages } from "../../../components/staff-shell.messages";
import { formatWatDay } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, staffDeskMessages, staffUsersMessages as m } from "../messages";
import { StaffDeskDialog } from "./staff-desk-dialog";

type Notice = { tone: "success" | "error"; text: string };

/** The roles a staff account can be given: customers stay customers and staff stay staff. */
const isStaffRole = (role: Role) => (STAFF_ROLES as readonly Role[]).includes(role);
const STAFF_ROLE_CHOICES: readonly Role[] = ROLES.filter(isStaffRole);

const COLUMNS = [m.name, m.email, m.phone, m.role, c.status, m.created, c.actions];

const fullName = (user: Pick<ManagedUser, "first_name" | "last_name" | "email">) =>
  `${user.first_name} ${user.last_name}`.trim() || user.email;

/** /superdashboard/staff: every account, searchable and filtered by role; staff accounts created, roles changed, accounts (de)activated. */
export function StaffUsersScreen() {
  const user = useCurrentUser();
  return (
    <StaffShell label={t(c.adminPanel)} badge="AD" title={t(m.title)}>
      {user?.role === "SUPERADMIN" ? (
        <StaffAccounts currentUserId={user.id} />
      ) : (
        <Alert tone="error" className="mt-6">
          {t(staffShellMessages.superAdminDenied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function StaffAccounts({ currentUserId }: { currentUserId: number }) {
  const [filters, setFilters] = useState<StaffUserFilters>({ role: "", search: "", page: 1 });
  const [searchText, setSearchText] = useState("");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [creating, setCreating] = useState(false);
  const [toggling, setToggling] = useState<ManagedUser | null>(null);
  const [deskOf, setDeskOf] = useState<ManagedUser | null>(null);
  const users = useStaffUsers(filters);
  const update = useUpdateStaffUser();
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / Math.max(1, data.page_size))) : 1;
  const filtered = filters.role !== "" || filters.search.trim() !== "";

  const saveRole = (account: ManagedUser, role: Role) => {
    setNotice(null);
    update.mutate(
      { id: account.id, role },
      {
        onSuccess: (detail) => setNotice({ tone: "success", text: detail }),
        onError: (failure) => setNotice({ tone: "error", text: specText(errorDetail(failure, t(c.failedUpdateAccount))) }),
      },
    );
  };

  return (
    <>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">{t(m.intro)}</p>
        <Button onClick={() => setCreating(true)}>{t(m.create)}</Button>
      </div>

      <section aria-label={t(m.filtersLabel)} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <Form
          onSubmit={() => setFilters((current) => ({ ...current, search: searchText.trim(), page: 1 }))}
          aria-label={t(m.searchForm)}
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        >
          <TextField
            label={t(m.search)}
            type="search"
            placeholder={t(c.nameOrEmail)}
            value={searchText}
            onValueChange={setSearchText}
            maxLength={100}
          />
          <Field label={t(m.role)}>
            {(control) => (
              <select
                {...control}
                value={filters.role}
                onChange={(event) => setFilters((current) => ({ ...current, role: event.target.value as Role | "", page: 1 }))}
                className={inputClasses}
              >
                <option value="">{t(m.allRoles)}</option>
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button type="submit" variant="secondary">
            {t(m.search)}
          </Button>
        </Form>
      </section>

      <section
        aria-labelledby="accounts-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="accounts-heading" className="text-xl font-semibold text-slate-900">
            {t(m.accounts)}
          </h2>
          {data && <p className="text-sm text-slate-600">{t(m.count, { count: data.count })}</p>}
        </div>
        {notice && (
          <Alert tone={notice.tone} className="mt-4">
            {notice.text}
          </Alert>
        )}
        <div className="mt-4" aria-busy={users.isFetching || undefined}>
          {users.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {t(m.loading)}
            </p>
          ) : users.isError && !data ? (
            <div className="space-y-3">
              <p className="text-sm font-medium text-red-700">
                {t(c.error, { message: failureMessage(users.error, t(apiMessages.accountsFailed)) })}
              </p>
              <Button variant="secondary" busy={users.isFetching} onClick={() => void users.refetch()}>
                {t(c.tryAgain)}
              </Button>
            </div>
          ) : data && data.results.length === 0 ? (
            <p className="text-sm text-slate-600">{t(filtered ? m.noMatch : m.none)}</p>
          ) : data ? (
            <>
              {users.isError && (
                <p className="mb-3 text-sm font-medium text-red-700">
                  {t(c.error, { message: failureMessage(users.error, t(apiMessages.accountsFailed)) })}
                </p>
              )}
              <DataTable
                label={t(m.tableLabel)}
                caption={t(m.accounts)}
                columns={COLUMNS.map((column) => t(column))}
                bodyClassName={cn(users.isPlaceholderData && "opacity-60")}
              >
                {data.results.map((account) => (
                  <AccountRow
                    key={`${account.id}-${account.role}`}
                    account={account}
                    self={account.id === currentUserId}
                    saving={update.isPending && update.variables.id === account.id}
                    onSaveRole={(role) => saveRole(account, role)}
                    onToggle={() => {
                      setNotice(null);
                      setToggling(account);
                    }}
                    onDesk={() => {
                      setNotice(null);
                      setDeskOf(account);
                    }}
                  />
                ))}
              </DataTable>
              <nav aria-label={t(m.pages)} className="mt-4 flex items-center justify-between gap-3">
                <Button
                  variant="secondary"
                  disabled={filters.page <= 1 || users.isPlaceholderData}
                  onClick={() => setFilters((current) => ({ ...current, page: current.page - 1 }))}
                >
                  {t(m.previous)}
                </Button>
                <p className="text-sm text-slate-700" aria-live="polite">
                  {t(m.pageOf, { page: filters.page, pages })}
                </p>
                <Button
                  variant="secondary"
                  disabled={filters.page >= pages || users.isPlaceholderData}
                  busy={users.isPlaceholderData && users.isFetching}
                  onClick={() => setFilters((current) => ({ ...current, page: current.page + 1 }))}
                >
                  {t(m.next)}
                </Button>
              </nav>
            </>
          ) : null}
        </div>
      </section>

      {creating && (
        <CreateStaffDialog
          onClose={() => setCreating(false)}
          onCreated={(detail) => {
            setCreating(false);
            setNotice({ tone: "success", text: detail });
          }}
        />
      )}
      {deskOf && (
        <StaffDeskDialog
          account={deskOf}
          name={fullName(deskOf)}
          onClose={() => setDeskOf(null)}
          onSaved={(detail) => {
            setDeskOf(null);
            setNotice({ tone: "success", text: detail });
          }}
        />
      )}
      {toggling && (
        <ActivationDialog
          account={toggling}
          onClose={() => setToggling(null)}
          onDone={(detail) => {
            setToggling(null);
            setNotice({ tone: "success", text: detail });
          }}
        />
      )}
    </>
  );
}

function AccountRow({
  account,
  self,
  saving,
  onSaveRole,
  onToggle,
  onDesk,
}: {
  account: ManagedUser;
  self: boolean;
  saving: boolean;
  onSaveRole: (role: Role) => void;
  onToggle: () => void;
  onDesk: () => void;
}) {
  const [role, setRole] = useState<Role>(account.role);
  const name = fullName(account);
  // The server changes a role only between staff roles, and never one's own.
  const roleChangeable = !self && isStaffRole(account.role);
  return (
    <tr>
      <td className={cn(cellClasses, "min-w-32 font-medium text-slate-900", breakAnywhere)}>
        {name}
        {self && <span className="ml-1 font-normal text-slate-600">{t(m.you)}</span>}
      </td>
      <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
        <Breakable text={account.email} />
      </td>
      <td className={cn(cellClasses, "whitespace-nowrap")}>{account.phone_number || "—"}</td>
      <td className={cellClasses}>
        {roleChangeable ? (
          <div className="flex items-center gap-2">
            <select
              aria-label={t(m.roleOf, { name })}
              value={role}
              disabled={saving}
              onChange={(event) => setRole(event.target.value as Role)}
              className={cn(inputClasses, "w-40 min-w-40")}
            >
              {STAFF_ROLE_CHOICES.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </select>
            <Button
              variant="secondary"
              aria-label={t(m.saveRoleOf, { name })}
              disabled={role === account.role}
              busy={saving}
              onClick={() => onSaveRole(role)}
            >
              {t(m.save)}
            </Button>
          </div>
        ) : (
          <span className="whitespace-nowrap">{roleLabel(account.role)}</span>
        )}
      </td>
      <td className={cellClasses}>
        <span
          className={cn(
            "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
            account.is_active ? "bg-green-100 text-green-800 ring-green-300" : "bg-gray-100 text-gray-700 ring-gray-300",
          )}
        >
          {t(account.is_active ? m.active : m.inactive)}
        </span>
      </td>
      <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDay(account.created_at)}</td>
      <td className={cellClasses}>
        <div className="flex flex-wrap gap-2">
          {/* Desk rights are a staff member's: departments, collecting money, giving items, waivers. */}
          {isStaffRole(account.role) && (
            <Button
              variant="secondary"
              className="whitespace-nowrap"
              aria-label={t(staffDeskMessages.openOf, { name })}
              onClick={onDesk}
            >
              {t(staffDeskMessages.open)}
            </Button>
          )}
          {/* The server never lets anyone deactivate their own account. */}
          {self ? (
            <span className="text-slate-600">—</span>
          ) : (
            <Button
              variant="secondary"
              className="whitespace-nowrap"
              aria-label={t(account.is_active ? m.deactivateOf : m.reactivateOf, { name })}
              onClick={onToggle}
            >
              {t(account.is_active ? m.deactivate : m.reactivate)}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Asks before an account is deactivated (it can no longer sign in) or reactivated. */
function ActivationDialog({
  account,
  onClose,
  onDone,
}: {
  account: ManagedUser;
  onClose: () => void;
  onDone: (detail: string) => void;
}) {
  const update = useUpdateStaffUser();
  const [error, setError] = useState<string | null>(null);
  const deactivating = account.is_active;
  const name = fullName(account);

  const confirm = () => {
    setError(null);
    update.mutate(
      { id: account.id, is_active: !deactivating },
      {
        onSuccess: onDone,
        onError: (failure) => setError(specText(errorDetail(failure, t(c.failedUpdateAccount)))),
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(deactivating ? m.deactivateTitle : m.reactivateTitle)}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(c.cancel)}
          </Button>
          <Button onClick={confirm} busy={update.isPending}>
            {t(deactivating ? m.deactivate : m.reactivate)}
          </Button>
        </div>
      }
    >
      <div className="space-y-4 text-sm text-slate-800">
        <p>
          {t(deactivating ? m.deactivateQuestion : m.reactivateQuestion, {
            name,
            email: account.email,
            role: roleLabel(account.role),
            b: (chunks) => <span className="font-semibold">{chunks}</span>,
          })}
        </p>
        <p>{deactivating ? t(m.deactivateEffect) : t(m.reactivateEffect)}</p>
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}

type CreateField = keyof CreateStaffInput;
const CREATE_FIELDS: CreateField[] = ["first_name", "last_name", "email", "phone_number", "role"];

/** The "Create staff account" form: the server e-mails the new member a link to set their password. */
function CreateStaffDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (detail: string) => void }) {
  const formId = useId();
  const [values, setValues] = useState<Record<CreateField, string>>({
    first_name: "",
    last_name: "",
    email: "",
    phone_number: "",
    role: "AGENT",
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<CreateField>>({});
  const [error, setError] = useState<string | null>(null);
  const create = useCreateStaffUser();
  const set = (field: CreateField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    setError(null);
    const parsed = createStaffSchema.safeParse(values);
    if (!parsed.success) return setFieldErrors(issueMessages(parsed.error.issues));
    setFieldErrors({});
    create.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (failure) => {
        const fields = serverFieldErrors(failure, CREATE_FIELDS);
        setFieldErrors(fields);
        setError(generalError(failure, fields, t(m.createFailed)));
      },
    });
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.create)}
      size="lg"
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(c.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={create.isPending}>
            {t(m.createAccount)}
          </Button>
        </div>
      }
    >
      <Form id={formId} onSubmit={submit} aria-label={t(m.create)} className="space-y-4">
        <p className="text-sm text-slate-700">{t(m.linkEmailed)}</p>
        <fieldset disabled={create.isPending} className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t(m.firstName)}
            autoComplete="off"
            aria-required="true"
            value={values.first_name}
            onValueChange={set("first_name")}
            error={fieldErrors.first_name}
          />
          <TextField
            label={t(m.lastName)}
            autoComplete="off"
            aria-required="true"
            value={values.last_name}
            onValueChange={set("last_name")}
            error={fieldErrors.last_name}
          />
          <TextField
            label={t(m.email)}
            type="email"
            inputMode="email"
            autoComplete="off"
            aria-required="true"
            value={values.email}
            onValueChange={set("email")}
            error={fieldErrors.email}
          />
          <TextField
            label={t(m.phoneNumber)}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            aria-required="true"
            value={values.phone_number}
            onValueChange={set("phone_number")}
            error={fieldErrors.phone_number}
          />
          <Field label={t(m.role)} error={fieldErrors.role}>
            {(control) => (
              <select
                {...control}
                value={values.role}
                onChange={(event) => set("role")(event.target.value)}
                className={inputClasses}
              >
                {STAFF_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
      </Form>
    </Dialog>
  );
}
