import { type StaffReceipt } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, FieldError, Form, inputClasses } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { useRedeemReceipt } from "../api/redeem-receipt";
import type { RedeemOutcome } from "./staff-receipt-result";
import { formatWatDateTime } from "../../../lib/wat-time";

type Item = StaffReceipt["items"][number];

/** Same department, as the API compares them (case and surrounding spaces do not matter). */
const sameDepartment = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The chosen items and quantities, by item id; a quantity is kept as typed until sent. */
type Selection = Record<number, { chosen: boolean; quantity: string }>;

/**
 * "Mark as given": the department giving, then which of its items and how many. Items of no department
 * (the catalogue named none) may be given by any. All or nothing is given, as the API does it.
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
  // Every department of the receipt, those already served too: choosing one says what it gave, by whom and when.
  const departments = [...new Set(receipt.items.flatMap((item) => (item.department ? [item.department] : [])))];
  const [department, setDepartment] = useState(departments.length === 1 ? (departments[0] ?? "") : "");
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
        quantities[item.id] = `Enter a quantity from 1 to ${item.remaining}.`;
      else lines.push({ item_id: item.id, quantity });
    }
    const next = {
      department: department.trim() ? undefined : "Choose the department giving the items.",
      items:
        department.trim() && lines.length === 0 && Object.keys(quantities).length === 0 ? "Choose at least one item." : undefined,
      quantities,
    };
    setErrors(next);
    if (next.department || next.items || Object.keys(quantities).length > 0) return;
    redeem.mutate(
      { department: department.trim(), items: lines },
      {
        onSuccess: (answer) => {
          setSelection({});
          onOutcome({ tone: "success", text: answer.detail });
        },
        onError: (error) => {
          const details =
            error instanceof ApiError
              ? Object.entries(error.fieldErrors).flatMap(([field, messages]) => {
                  const index = /^items\.(\d+)\./.exec(field)?.[1];
                  const name = index === undefined ? undefined : givable.find((i) => i.id === lines[Number(index)]?.item_id);
                  return messages.map((message) => (name ? `${name.service_name}: ${message}` : message));
                })
              : [];
          const text =
            error instanceof ApiError && error.status === 0
              ? "Could not reach the server. Nothing was marked as given: try again."
              : error instanceof ApiError && error.detail
                ? error.detail
                : "The items could not be marked as given. Please try again.";
          onOutcome({ tone: "error", text, details });
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} className="space-y-4 rounded-xl border border-teal-200 bg-teal-50/40 p-4">
      <h3 className="text-base font-semibold text-slate-900">Give items</h3>
      {departments.length > 0 ? (
        <Field label="Your department" error={errors.department}>
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
              <option value="">Choose a department</option>
              {departments.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : (
        <Field label="Your department" error={errors.department}>
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
          <legend className="text-sm font-medium text-slate-800">Items to give</legend>
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
                    {item.service_name} <span className="text-slate-600">({item.remaining} left)</span>
                  </span>
                </label>
                <label className="flex items-center gap-2 text-sm text-slate-700">
                  <span>Quantity</span>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={item.remaining}
                    step={1}
                    value={picked.quantity}
                    disabled={!picked.chosen}
                    aria-label={`Quantity of ${item.service_name} to give`}
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
        Mark as given
      </Button>
    </Form>
  );
}

/**
 * A department with nothing left to give on this receipt: a second redemption is refused here, naming
 * who gave its items and when (the API refuses it the same way if it is sent anyway).
 */
function AlreadyGiven({ department, receipt }: { department: string; receipt: StaffReceipt }) {
  const given = receipt.given.filter((entry) => sameDepartment(entry.department, department));
  if (given.length === 0) return <p className="text-sm text-slate-700">Nothing on this receipt is left for this department.</p>;
  return (
    <Alert tone="error">
      <p>Already given: nothing on this receipt is left for {department}.</p>
      <ul className="mt-1 list-disc pl-5">
        {given.map((entry) => (
          <li key={entry.id}>
            {entry.quantity} × {entry.service_name}, given by {entry.given_by.name} on {formatWatDateTime(entry.given_at)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
