import { BILL_PREAUTH_CODE_MAX, formatNaira } from "@hospipay/contract";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, inputClasses, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { catalogueErrorText } from "../../../lib/catalogue/catalogue-request";
import { useDepartmentServices } from "../api/get-department-services";
import { billLineMessages as l } from "../messages";
import { isOpenPrice, lineKobo, type BillFieldErrors, type LineDraft } from "../utils/bill-form";

/**
 * One line of a bill being raised, or added to a stay's running bill: the department, then its service, the
 * quantity, an open price's price and note, and the HMO's pre-authorisation code when the bill charges an HMO.
 * Field errors are keyed `items.{index}.{field}`, as the server names them.
 */
export function BillLine({
  line,
  index,
  errors,
  departments,
  departmentsError,
  hmoName,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  errors: BillFieldErrors;
  departments: ReadonlyArray<{ id: string | number; name: string }>;
  departmentsError: string | null;
  /** The HMO the bill charges, when it does: the line then takes its pre-authorisation code. */
  hmoName: string | null;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: (() => void) | undefined;
}) {
  const services = useDepartmentServices(line.departmentId);
  const at = `items.${index}`;
  const number = index + 1;
  const open = line.service !== null && isOpenPrice(line.service);
  const kobo = lineKobo(line);

  return (
    <li aria-label={t(l.line, { number })} className="rounded-xl border border-slate-200 p-3 sm:p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1.5fr_8rem]">
        <Field
          label={t(l.department, { number })}
          error={departmentsError ?? (line.departmentId === "" ? errors[`${at}.service_id`] : undefined)}
        >
          {(control) => (
            <select
              {...control}
              value={line.departmentId}
              onChange={(event) => onChange({ departmentId: event.target.value, service: null })}
              className={inputClasses}
            >
              <option value="">{t(l.chooseDepartment)}</option>
              {departments.map((department) => (
                <option key={department.id} value={String(department.id)}>
                  {department.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          label={t(l.service, { number })}
          error={
            line.departmentId === ""
              ? undefined
              : (errors[`${at}.service_id`] ?? (services.isError ? catalogueErrorText(services.error) : undefined))
          }
        >
          {(control) => (
            <select
              {...control}
              value={line.service ? String(line.service.id) : ""}
              disabled={line.departmentId === ""}
              onChange={(event) =>
                onChange({
                  service: services.data?.find((service) => String(service.id) === event.target.value) ?? null,
                  price: "",
                  priceNote: "",
                })
              }
              className={inputClasses}
            >
              <option value="">
                {t(line.departmentId === "" ? l.chooseDepartmentFirst : services.isPending ? l.loadingServices : l.chooseService)}
              </option>
              {(services.data ?? []).map((service) => (
                <option key={service.id} value={String(service.id)}>
                  {isOpenPrice(service)
                    ? t(l.serviceOpenPrice, { name: service.name })
                    : t(l.servicePrice, { name: service.name, price: formatNairaAmount(service.price) })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t(l.quantity, { number })}
          inputMode="numeric"
          value={line.quantity}
          onValueChange={(quantity) => onChange({ quantity })}
          error={errors[`${at}.quantity`]}
        />
        {open && (
          <>
            <TextField
              label={t(l.price, { number })}
              inputMode="decimal"
              placeholder={t(l.pricePlaceholder)}
              value={line.price}
              onValueChange={(price) => onChange({ price })}
              error={errors[`${at}.price`]}
            />
            <TextField
              label={t(l.priceNote, { number })}
              maxLength={500}
              className="lg:col-span-2"
              value={line.priceNote}
              onValueChange={(priceNote) => onChange({ priceNote })}
              error={errors[`${at}.price_note`]}
              hint={t(l.priceNoteHint)}
            />
          </>
        )}
        {(hmoName !== null || errors[`${at}.preauth_code`] !== undefined) && (
          <TextField
            label={t(l.preauthCode, { number })}
            autoComplete="off"
            maxLength={BILL_PREAUTH_CODE_MAX}
            className="lg:col-span-2"
            value={line.preauthCode}
            onValueChange={(preauthCode) => onChange({ preauthCode })}
            error={errors[`${at}.preauth_code`]}
            hint={hmoName === null ? undefined : t(l.preauthCodeHint, { hmo: hmoName })}
          />
        )}
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className={cn("text-sm", kobo === null ? "text-slate-500" : "font-medium text-slate-900")}>
          {kobo === null ? t(l.totalUnknown) : t(l.total, { amount: formatNaira(kobo) })}
        </p>
        {onRemove && (
          <Button variant="ghost" onClick={onRemove} aria-label={t(l.removeLabel, { number })}>
            {t(l.remove)}
          </Button>
        )}
      </div>
    </li>
  );
}
