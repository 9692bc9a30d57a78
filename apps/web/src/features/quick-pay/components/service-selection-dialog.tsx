import { formatNaira, MESSAGES, type Department, type ServiceRecord } from "@hospipay/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useMemo, useReducer, type Dispatch } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { Field, FieldError, inputClasses, TextField } from "../../../components/ui/form";
import { QuantityControl } from "../../../components/ui/quantity-control";
import { Spinner } from "../../../components/ui/spinner";
import { cart } from "../../../lib/cart-store";
import { formatNairaAmount } from "../../../lib/money";
import type { QuickPayDestination } from "../../../lib/quick-pay";
import { catalogueErrorText } from "../../../lib/catalogue/catalogue-request";
import { useAllRevenueHeads } from "../api/get-all-revenue-heads";
import { useDepartmentRevenueHeads } from "../api/get-department-revenue-heads";
import { useDepartments } from "../../../lib/catalogue/departments";
import { useServiceSearch } from "../api/search-services";
import {
  enteredPriceKobo,
  initialSelection,
  isOpenPrice,
  listedPriceKobo,
  priceErrors,
  selectionReducer,
  serviceKey,
  toCartItem,
  type SelectedLine,
  type SelectionAction,
} from "../hooks/service-selection";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { dialogMessages as m } from "../messages";

/** Quiet time after the last keystroke before a service search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The service selection dialog (SPEC §2 and §4), for guests (landing 'Quick Pay', empty cart) and
 * signed-in customers (dashboard 'Pay Hospital Services'), and for the staff's desk sale, whose screen keeps
 * the chosen lines in a cart of its own (a destination that is a handler).
 *
 * How the list is fed (SPEC §7 names the calls, not when each is used):
 * - search text (after 300 ms of quiet) → GET /api/catalogue/services/?query=…, with department_id
 *   when a department is chosen, so a search stays inside the chosen department;
 * - no search text, a department chosen → that department's revenue heads;
 * - neither → every revenue head, kept in localStorage `allHospitalRecords` and reused from there.
 * The department search only filters the department chooser. Every query runs only while the dialog
 * is open, and the selection is keyed by service id, so it survives a change of the list.
 */
export function ServiceSelectionDialog({
  open,
  onClose,
  destination,
  title,
}: {
  open: boolean;
  onClose: () => void;
  destination: QuickPayDestination;
  title: string;
}) {
  const [state, dispatch] = useReducer(selectionReducer, initialSelection);
  const navigate = useNavigate();

  const typedSearch = state.serviceSearch.trim();
  const debouncedSearch = useDebouncedValue(typedSearch, SEARCH_DEBOUNCE_MS);
  // Clearing the text (or choosing a department, which clears it) takes effect at once.
  const search = typedSearch === "" ? "" : debouncedSearch;
  const mode = search !== "" ? "search" : state.departmentId !== "" ? "department" : "all";

  const departments = useDepartments(open);
  const searchResults = useServiceSearch({ query: search, departmentId: state.departmentId }, open && mode === "search");
  const departmentServices = useDepartmentRevenueHeads(state.departmentId, open && mode === "department");
  const allServices = useAllRevenueHeads(open && mode === "all");
  const list = mode === "search" ? searchResults : mode === "department" ? departmentServices : allServices;

  const selectedCount = state.selected.length;
  const errors = priceErrors(state);
  const wrongPrices = Object.keys(errors).map((key) => state.priceNames[key] ?? key);
  const selectedTotal = state.selected.reduce((sum, line) => sum + line.priceKobo * line.quantity, 0);

  const proceed = () => {
    if (wrongPrices.length > 0) return;
    const lines = state.selected.map(toCartItem);
    if (typeof destination === "string") {
      for (const line of lines) cart.add(line);
      void navigate(destination);
    } else destination.onProceed(lines);
    onClose();
    dispatch({ type: "reset" });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="lg"
      footer={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p role="status" className="text-sm text-slate-700">
            {selectedCount === 0
              ? t(m.noneSelected)
              : t(m.selected, {
                  count: selectedCount,
                  amount: formatNaira(selectedTotal),
                  total: (chunks) => <span className="font-semibold tabular-nums text-slate-900">{chunks}</span>,
                })}
            {wrongPrices.length > 0 && (
              <span className="mt-1 block font-medium text-red-700">{t(m.correctPrices, { names: wrongPrices.join(", ") })}</span>
            )}
          </p>
          <Button onClick={proceed} disabled={selectedCount === 0 || wrongPrices.length > 0} className="w-full sm:w-auto">
            {typeof destination === "string" ? t(m.proceed) : (destination.proceedLabel ?? t(m.proceed))}
          </Button>
        </div>
      }
    >
      <p className="text-sm text-slate-600">{t(m.intro)}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <TextField
          label={t(m.searchDepartments)}
          type="search"
          autoComplete="off"
          value={state.departmentSearch}
          onValueChange={(text) => dispatch({ type: "setDepartmentSearch", text })}
        />
        <DepartmentChooser
          departments={departments}
          search={state.departmentSearch}
          value={state.departmentId}
          onChoose={(departmentId) => dispatch({ type: "chooseDepartment", departmentId })}
        />
      </div>
      {departments.isError && (
        <Alert tone="error" className="mt-3">
          {catalogueErrorText(departments.error)}
        </Alert>
      )}
      <TextField
        label={t(m.searchServices)}
        type="search"
        autoComplete="off"
        className="mt-3"
        value={state.serviceSearch}
        onValueChange={(text) => dispatch({ type: "setServiceSearch", text })}
      />
      <div className="mt-4">
        <ServiceList list={list} selected={state.selected} prices={state.prices} errors={errors} dispatch={dispatch} />
      </div>
    </Dialog>
  );
}

function DepartmentChooser({
  departments,
  search,
  value,
  onChoose,
}: {
  departments: UseQueryResult<Department[]>;
  search: string;
  value: string;
  onChoose: (departmentId: string) => void;
}) {
  const options = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const all = departments.data ?? [];
    // The chosen department stays listed, so the chooser never shows a value it does not offer.
    return all.filter(
      (department) => !needle || department.name.toLowerCase().includes(needle) || String(department.id) === value,
    );
  }, [departments.data, search, value]);
  const hint = departments.isPending
    ? t(m.loadingDepartments)
    : search.trim() !== "" && options.length === 0
      ? t(m.noDepartment)
      : undefined;
  return (
    <Field label={t(m.department)} hint={hint}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(event) => onChoose(event.target.value)}
          className={cn(inputClasses, "pr-8")}
        >
          <option value="">{t(m.allDepartments)}</option>
          {options.map((department) => (
            <option key={String(department.id)} value={String(department.id)}>
              {department.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function ServiceList({
  list,
  selected,
  prices,
  errors,
  dispatch,
}: {
  list: UseQueryResult<ServiceRecord[]>;
  selected: SelectedLine[];
  prices: Record<string, string>;
  errors: Record<string, MessageDescriptor>;
  dispatch: Dispatch<SelectionAction>;
}) {
  if (list.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-slate-600">
        <Spinner /> {t(m.loadingServices)}
      </p>
    );
  }
  if (list.isError) {
    return (
      <div className="space-y-3">
        <Alert tone="error">{catalogueErrorText(list.error)}</Alert>
        <Button variant="secondary" onClick={() => void list.refetch()} busy={list.isFetching}>
          {t(m.tryAgain)}
        </Button>
      </div>
    );
  }
  if (list.data.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
        {specText(MESSAGES.catalogue.noServices)}
      </p>
    );
  }
  const byKey = new Map(selected.map((line) => [serviceKey(line.service.id), line]));
  return (
    <ul aria-label={t(m.services)} aria-busy={list.isFetching || undefined} className="space-y-2">
      {list.data.map((service) => (
        <ServiceRow
          key={serviceKey(service.id)}
          service={service}
          line={byKey.get(serviceKey(service.id))}
          priceText={prices[serviceKey(service.id)] ?? ""}
          priceError={errors[serviceKey(service.id)]}
          dispatch={dispatch}
        />
      ))}
    </ul>
  );
}

function ServiceRow({
  service,
  line,
  priceText,
  priceError,
  dispatch,
}: {
  service: ServiceRecord;
  line: SelectedLine | undefined;
  priceText: string;
  priceError: MessageDescriptor | undefined;
  dispatch: Dispatch<SelectionAction>;
}) {
  const detailsId = useId();
  const priceErrorId = useId();
  const selected = line !== undefined;
  const openPrice = isOpenPrice(service);
  const listed = listedPriceKobo(service);
  const canSelect = selected || (openPrice ? enteredPriceKobo(priceText) !== null : listed !== null);
  const details = [
    service.department?.name,
    openPrice ? (selected ? undefined : t(m.enterAmount)) : formatNairaAmount(service.price),
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <li
      className={cn(
        "rounded-xl border p-2 transition-colors",
        selected ? "border-teal-600 bg-teal-50" : "border-slate-200 bg-white",
      )}
    >
      <div className="flex items-center gap-2">
        {/*
          The button's name is the service's name alone; department and price follow it as its
          description. The button's ::after covers the whole row, so the row stays one click target.
        */}
        <div
          className={cn(
            "relative flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-lg p-1.5",
            canSelect && "hover:bg-teal-50/70",
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              "flex size-5 shrink-0 items-center justify-center rounded border-2",
              selected ? "border-teal-700 bg-teal-700 text-white" : "border-slate-400 bg-white",
            )}
          >
            {selected && (
              <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="3">
                <path d="m5 12 5 5 9-10" />
              </svg>
            )}
          </span>
          <span className="min-w-0 flex-1">
            <button
              type="button"
              aria-pressed={selected}
              aria-describedby={detailsId}
              disabled={!canSelect}
              onClick={() => dispatch({ type: "toggle", service })}
              className="block text-left font-medium break-words text-slate-900 after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-teal-700 disabled:cursor-default"
            >
              {service.name}
            </button>
            <span id={detailsId} className="block text-sm text-slate-600">
              {details}
            </span>
          </span>
        </div>
        {openPrice && (
          <div className="relative w-28 shrink-0 sm:w-32">
            <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500">
              ₦
            </span>
            <input
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              placeholder="0.00"
              aria-label={t(m.priceFor, { name: service.name })}
              value={priceText}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? priceErrorId : undefined}
              onChange={(event) =>
                dispatch({
                  type: "setPrice",
                  service,
                  text: event.target.value,
                  // A number input reads "-" or "1e" as "": only its validity says something was typed.
                  unreadable: event.target.validity.badInput,
                })
              }
              className={cn(inputClasses, "pl-7 tabular-nums")}
            />
          </div>
        )}
      </div>
      {priceError && (
        <FieldError id={priceErrorId} className="mt-1 px-1.5 sm:text-right">
          {t(priceError)}
        </FieldError>
      )}
      {line && (
        <div className="mt-1 flex items-center justify-end gap-3 pr-1">
          <span className="text-sm text-slate-600">{t(m.quantity)}</span>
          <QuantityControl
            name={service.name}
            value={line.quantity}
            min={1}
            onChange={(quantity) => dispatch({ type: "setQuantity", id: service.id, quantity })}
          />
        </div>
      )}
    </li>
  );
}
