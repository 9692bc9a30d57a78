import { type StaffReceipt } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, FieldError, Form, inputClasses } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { myDeskQueryOptions } from "../../../lib/my-desk";
import { useRedeemReceipt } from "../api/redeem-receipt";
import type { RedeemOutcome } from "../utils/redeem-outcome";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { redeemMessages as m } from "../messages";

type Item = StaffReceipt["items"][number];

/** Same department, as the API compares them (case and surrounding spaces do not matter). */
const sameDepartment = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The chosen items and quantities, by item id; a quantity is kept as typed until sent. */
type Selection = Record<number, { chosen: boolean; quantity: string }>;

/**
 * "Mark as given": the department giving, then which of its items and how many. Only the member's own
 * departments are offered (their desk rights, set by a super admin); items of no department (the catalogue
 * named none) may be given by any member who gives items. All or nothing is given, as the API does it.
 */
export function RedeemForm({
  code,
  receipt,
  onOutcome,
}: {
  code: string;
  receipt: StaffReceipt;
  onOutcome: (outcome: RedeemOutcome) => void;
}) {
  const open = receipt.items.filter((item) => item.remaining > 0);
  // Until the desk is read (or if it cannot be), every department is offered: the API still refuses a non-member.
  const desk = useQuery(myDeskQueryOptions()).data;
  const isMine = (name: string) => !desk || desk.departments.some((mine) => sameDepartment(mine, name));
  // The receipt's departments that are the member's, those already served too: choosing one says what it
  // gave, by whom and when.
  const receiptDepartments = [...new Set(receipt.items.flatMap((item) => (item.department ? [item.department] : [])))];
  const departments = receiptDepartments.filter(isMine);
  // A member of one of the receipt's departments gives as it without choosing (also once the desk arrives).
  const [picked, setDepartment] = useState("");
  const department = picked || (departments.length === 1 ? (departments[0] ?? "") : "");
  const [selection, setSelection] = useState<Selection>({});
  const [errors, setErrors] = useState<{ department?: string; items?: string; quantities: Record<number, string> }>({
    quantities: {},
  });
  const redeem = useRedeemReceipt(code);
  const itemsId = useId();

  const givable = department
    ? open.filter((item) => item.department === null || sameDepartment(item.department, department))
    : [];

  const choose = (item: Item, patch: Partial<Selection[number]>) =>
    setSelection((current) => {
      const was = current[item.id] ?? { chosen: false, quantity: String(item.remaining) };
      return { ...current, [item.id]: { ...was, ...patch } };
    });

  const submit = () => {
    const quantities: Record<number, string> = {};
    const lines: Array<{ item_id: number; quantity: number }> = [];
    for (const item of givable) {
      const picked = selection[item.id];
      if (!picked?.chosen) continue;
      const quantity = Number(picked.quantity);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > item.remaining)
        quantities[item.id] = t(m.quantityRange, { max: item.remaining });
      else lines.push({ item_id: item.id, quantity });
    }
    const next = {
      department: department.trim() ? undefined : t(m.chooseDepartment),
      items: department.trim() && lines.length === 0 && Object.keys(quantities).length === 0 ? t(m.chooseItem) : undefined,
      quantities,
    };
    setErrors(next);
    if (next.department || next.items || Object.keys(quantities).length > 0) return;
    redeem.mutate(
      { department: department.trim(), items: lines },
      {
        onSuccess: (answer) => {
          setSelection({});
          onOutcome({ tone: "success", text: specText(answer.detail) });
        },
        onError: (error) => {
          const details =
            error instanceof ApiError
              ? Object.entries(error.fieldErrors).flatMap(([field, messages]) => {
                  const index = /^items\.(\d+)\./.exec(field)?.[1];
                  const name = index === undefined ? undefined : givable.find((i) => i.id === lines[Number(index)]?.item_id);
                  return messages.map((message) =>
                    name ? t(m.itemError, { service: name.service_name, message: specText(message) }) : specText(message),
                  );
                })
              : [];
          const text =
            error instanceof ApiError && error.status === 0
              ? t(m.offline)
              : error instanceof ApiError && error.detail
                ? specText(error.detail)
                : t(m.failed);
          onOutcome({ tone: "error", text, details });
        },
      },
    );
  };

  if (desk && !desk.gives_items) return <NotAtThisDesk text={t(m.notGiver)} />;
  if (receiptDepartments.length > 0 && departments.length === 0) return <NotAtThisDesk text={t(m.noneOfYours)} />;

  return (
    <Form onSubmit={submit} className="space-y-4 rounded-xl border border-teal-200 bg-teal-50/40 p-4">
      <h3 className="text-base font-semibold text-slate-900">{t(m.heading)}</h3>
      {departments.length > 0 ? (
        <Field label={t(m.yourDepartment)} error={errors.department}>
          {(control) => (
            <select
              {...control}
              value={department}
              onChange={(event) => {
                setDepartment(event.target.value);
                setSelection({});
              }}
              className={inputClasses}
            >
              <option value="">{t(m.chooseADepartment)}</option>
              {departments.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label={t(m.yourDepartment)} error={errors.department}>
          {(control) => (
            <input
              {...control}
              value={department}
              onChange={(event) => setDepartment(event.target.value)}
              maxLength={100}
              autoComplete="off"
              className={inputClasses}
            />
          )}
        </Field>
      )}

      {givable.length > 0 && (
        <fieldset aria-describedby={errors.items ? `${itemsId}-error` : undefined} className="space-y-3">
          <legend className="text-sm font-medium text-slate-800">{t(m.itemsToGive)}</legend>
          {givable.map((item) => {
            const picked = selection[item.id] ?? { chosen: false, quantity: String(item.remaining) };
            const quantityError = errors.quantities[item.id];
            const quantityErrorId = `${itemsId}-${item.id}-error`;
            return (
              <div
                key={item.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200"
              >
                <label className="flex min-h-11 min-w-48 flex-1 items-center gap-3 text-sm text-slate-900">
                  <input
                    type="checkbox"
                    checked={picked.chosen}
                    onChange={(event) => choose(item, { chosen: event.target.checked })}
                    className="size-5 shrink-0 accent-teal-700"
                  />
                  <span className="wrap-anywhere">
                    {t(m.itemLeft, {
                      service: item.service_name,
                      remaining: item.remaining,
                      muted: (chunks) => <span className="text-slate-600">{chunks}</span>,
                    })}
                  </span>
                </label>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <span>{t(m.quantity)}</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={item.remaining}
                    step={1}
                    value={picked.quantity}
                    disabled={!picked.chosen}
                    aria-label={t(m.quantityOf, { service: item.service_name })}
                    aria-invalid={quantityError ? true : undefined}
                    aria-describedby={quantityError ? quantityErrorId : undefined}
                    onChange={(event) => choose(item, { quantity: event.target.value })}
                    className={`${inputClasses} w-24`}
                  />
                </label>
                {quantityError && (
                  <FieldError id={quantityErrorId} className="basis-full">
                    {quantityError}
                  </FieldError>
                )}
              </div>
            );
          })}
          {errors.items && <FieldError id={`${itemsId}-error`}>{errors.items}</FieldError>}
        </fieldset>
      )}
      {department && givable.length === 0 && <AlreadyGiven department={department} receipt={receipt} />}

      <Button type="submit" busy={redeem.isPending}>
        {t(m.submit)}
      </Button>
    </Form>
  );
}

/** Why this member is offered no form: they give no items, or none of the receipt's departments is theirs. */
function NotAtThisDesk({ text }: { text: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t(m.heading)}
      </h3>
      <p className="text-sm text-slate-700">{text}</p>
    </section>
  );
}

/**
 * A department with nothing left to give on this receipt: a second redemption is refused here, naming
 * who gave its items and when (the API refuses it the same way if it is sent anyway).
 */
function AlreadyGiven({ department, receipt }: { department: string; receipt: StaffReceipt }) {
  const given = receipt.given.filter((entry) => sameDepartment(entry.department, department));
  if (given.length === 0) return <p className="text-sm text-slate-700">{t(m.nothingLeft)}</p>;
  return (
    <Alert tone="error">
      <p>{t(m.alreadyGiven, { department })}</p>
      <ul className="mt-1 list-disc pl-5">
        {given.map((entry) => (
          <li key={entry.id}>
            {t(m.givenEntry, {
              quantity: entry.quantity,
              service: entry.service_name,
              name: entry.given_by.name,
              date: formatWatDateTime(entry.given_at),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
