import { staffDeskInputSchema, type ManagedUser, type StaffDesk } from "@hospipay/contract";
import { useId, useState } from "react";
import { CheckboxRow } from "../../../components/ui/checkbox-row";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FieldError, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { useDepartments } from "../../../lib/catalogue/departments";
import { useSetStaffDesk, useStaffDesk } from "../api/staff-desk";
import { failureMessage, generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";
import { commonMessages as c, staffDeskMessages as m } from "../messages";
import { StaffFormDialog } from "./staff-form-dialog";

type DeskField = "departments" | "waiver_limit";
const FIELDS: readonly DeskField[] = ["departments", "waiver_limit"];

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A super admin's "Desk" for one staff member: their departments (the catalogue's, and any they already
 * have that it no longer lists), whether they collect money and give items, and their waiver limit. The
 * whole desk is saved at once; the server audits it.
 */
export function StaffDeskDialog({
  account,
  name,
  onClose,
  onSaved,
}: {
  account: ManagedUser;
  name: string;
  onClose: () => void;
  onSaved: (detail: string) => void;
}) {
  const desk = useStaffDesk(account.id);
  return desk.data ? (
    <DeskForm key={desk.data.updated_at ?? "unset"} desk={desk.data} name={name} onClose={onClose} onSaved={onSaved} />
  ) : (
    <StaffFormDialog title={t(m.title, { name })} busy={false} onSubmit={() => undefined} onClose={onClose} error={null}>
      {desk.isError ? (
        <div className="space-y-3">
          <p className="text-sm font-medium text-red-700">
            {t(c.error, { message: failureMessage(desk.error, t(m.loadFailed)) })}
          </p>
          <Button variant="secondary" busy={desk.isFetching} onClick={() => void desk.refetch()}>
            {t(c.tryAgain)}
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600">
          {t(m.loading)}
        </p>
      )}
    </StaffFormDialog>
  );
}

function DeskForm({
  desk,
  name,
  onClose,
  onSaved,
}: {
  desk: StaffDesk;
  name: string;
  onClose: () => void;
  onSaved: (detail: string) => void;
}) {
  const catalogue = useDepartments();
  const save = useSetStaffDesk(desk.user_id);
  const [departments, setDepartments] = useState<string[]>(desk.departments);
  const [collectsMoney, setCollectsMoney] = useState(desk.collects_money);
  const [givesItems, setGivesItems] = useState(desk.gives_items);
  const [waiverLimit, setWaiverLimit] = useState(desk.waiver_limit ?? "");
  const [errors, setErrors] = useState<FieldErrors<DeskField>>({});
  const [error, setError] = useState<string | null>(null);
  const departmentsId = useId();

  // The catalogue's departments, then any of the member's it does not list (kept unless unticked).
  const offered = [
    ...(catalogue.data ?? []).map((department) => department.name),
    ...desk.departments.filter((mine) => !(catalogue.data ?? []).some((department) => sameName(department.name, mine))),
  ];
  const toggle = (department: string, chosen: boolean) =>
    setDepartments((current) => (chosen ? [...current, department] : current.filter((name) => !sameName(name, department))));

  const submit = () => {
    setError(null);
    const body = {
      departments,
      collects_money: collectsMoney,
      gives_items: givesItems,
      waiver_limit: waiverLimit.trim() === "" ? null : waiverLimit.trim(),
    };
    const parsed = staffDeskInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issueMessages<DeskField>(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { id: desk.user_id, ...parsed.data },
      {
        onSuccess: onSaved,
        onError: (failure) => {
          const fieldErrors = serverFieldErrors(failure, FIELDS);
          setErrors(fieldErrors);
          setError(generalError(failure, fieldErrors, t(m.saveFailed)));
        },
      },
    );
  };

  return (
    <StaffFormDialog
      title={t(m.title, { name })}
      submitLabel={t(m.save)}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
      intro={<p className="text-sm text-slate-600">{t(m.intro)}</p>}
      error={error}
    >
      <fieldset aria-describedby={errors.departments ? `${departmentsId}-error` : undefined} className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t(m.departments)}</legend>
        {catalogue.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loadingDepartments)}
          </p>
        ) : catalogue.isError ? (
          <Alert tone="error">{t(m.departmentsFailed)}</Alert>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {offered.map((department) => (
            <CheckboxRow
              key={department}
              checked={departments.some((mine) => sameName(mine, department))}
              onChange={(chosen) => toggle(department, chosen)}
            >
              <span className="wrap-anywhere">{department}</span>
            </CheckboxRow>
          ))}
        </div>
        {errors.departments && <FieldError id={`${departmentsId}-error`}>{errors.departments}</FieldError>}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t(m.rights)}</legend>
        <CheckboxRow checked={collectsMoney} onChange={setCollectsMoney}>
          {t(m.collectsMoney)}
        </CheckboxRow>
        <CheckboxRow checked={givesItems} onChange={setGivesItems}>
          {t(m.givesItems)}
        </CheckboxRow>
      </fieldset>
      <TextField
        label={t(m.waiverLimit)}
        hint={t(m.waiverLimitHint)}
        inputMode="decimal"
        value={waiverLimit}
        onValueChange={setWaiverLimit}
        error={errors.waiver_limit}
        maxLength={20}
      />
    </StaffFormDialog>
  );
}
