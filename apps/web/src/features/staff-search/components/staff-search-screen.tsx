import { formatReceiptCode, STAFF_SEARCH_MAX, type StaffSearchResult } from "@hospipay/contract";
import { useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Form, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote, Pager } from "../../../components/ui/list-states";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { SEARCH_PAGE_SIZE, searchFailureText, useSearchPayments } from "../api/search-payments";
import { checkSearchText, pageFrom, staffArea } from "../utils/search-query";
import { ResultStatusBadge } from "./result-status-badge";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { resultRowMessages as r, staffSearchMessages as m } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";

const COLUMNS = [m.colKind, m.colReference, m.colPatient, m.colAmount, m.colPaidLeft, m.colStatus, m.colDate, m.colOpen];

const linkClasses =
  "inline-flex min-h-11 items-center font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700";

/**
 * /agentdashboard/search, /admindashboard/search and /superdashboard/search (beyond SPEC, issue 21): staff
 * find a patient's money, bills and payments in one list, and open each where it lives: a bill in the
 * Bills screen's dialog, a paid payment at /verify-receipt. The search and its page are in the address.
 */
export function StaffSearchScreen() {
  return (
    <StaffAreaShell panels={m} title={t(m.title)} denied={t(m.denied)}>
      <StaffSearch />
    </StaffAreaShell>
  );
}

function StaffSearch() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const area = staffArea(pathname);
  const asked = params.get("q") ?? "";
  const checked = asked ? checkSearchText(asked) : null;
  const q = checked?.q ?? null;
  const page = pageFrom(params.get("page"));
  // The field follows the address (Back, a link) until the user types.
  const [draft, setDraft] = useState({ for: asked, text: asked });
  const text = draft.for === asked ? draft.text : asked;
  const [typedError, setTypedError] = useState<string | undefined>();
  const field = useRef<HTMLDivElement>(null);
  const search = useSearchPayments(q, page);
  const serverFieldError = search.error instanceof ApiError ? search.error.fieldError("q") : undefined;
  const serverError = serverFieldError === undefined ? undefined : specText(serverFieldError);
  // A message about the search in the address stands until the text is changed.
  const fieldError = typedError ?? (text === asked ? (checked?.error ?? serverError) : undefined);

  const submit = () => {
    const result = checkSearchText(text);
    if (result.error !== undefined) {
      setTypedError(result.error);
      field.current?.querySelector("input")?.focus();
      return;
    }
    setTypedError(undefined);
    // What was typed is now the search: Back to an earlier search shows that search's text, not this one.
    setDraft({ for: result.q, text: result.q });
    setParams({ q: result.q });
  };
  const goTo = (next: number) => setParams({ q: q ?? "", page: String(next) });

  const results = search.data?.results ?? [];
  const count = search.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE));

  return (
    <section aria-labelledby="search-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="search-heading" className="text-xl font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <Form
        role="search"
        aria-label={t(m.title)}
        onSubmit={submit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div ref={field} className="grow">
          <TextField
            label={t(m.search)}
            type="search"
            name="q"
            autoComplete="off"
            maxLength={STAFF_SEARCH_MAX}
            value={text}
            onValueChange={(value) => {
              setDraft({ for: asked, text: value });
              setTypedError(undefined);
            }}
            hint={t(m.hint)}
            error={fieldError}
          />
        </div>
        <Button type="submit" className="sm:mt-7">
          {t(m.search)}
        </Button>
      </Form>

      <div className="mt-4" aria-busy={search.isFetching || undefined}>
        {q === null ? (
          !fieldError && <p className="text-sm text-slate-600">{t(m.intro)}</p>
        ) : search.isPending ? (
          <ListNote>{t(m.searching)}</ListNote>
        ) : search.isError && serverError ? null : search.isError ? (
          <ListFailure
            message={t(m.error, { message: searchFailureText(search.error) })}
            retryLabel={t(m.tryAgain)}
            busy={search.isFetching}
            onRetry={() => void search.refetch()}
          />
        ) : results.length === 0 ? (
          <ListNote>{page > 1 ? t(m.noResultsOnPage, { page, q }) : t(m.noResults, { q })}</ListNote>
        ) : (
          <>
            <ListNote className="mb-3">
              {pages > 1 ? t(m.countPaged, { count, q, page, pages }) : t(m.count, { count, q })}
            </ListNote>
            <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption, { q })} columns={COLUMNS.map((column) => t(column))}>
              {results.map((result) => (
                <ResultRow key={`${result.kind}-${result.reference ?? result.bill_token}`} result={result} area={area} />
              ))}
            </DataTable>
            <Pager messages={m} page={page} pages={pages} onPage={goTo} />
          </>
        )}
      </div>
    </section>
  );
}

// No sr-only text in a cell: absolutely placed, it would escape the scroll region and widen the page.
const notABill = <span className="text-slate-600">—</span>;

function ResultRow({ result, area }: { result: StaffSearchResult; area: string }) {
  const bill = result.kind === "bill";
  const billLink = result.bill_token ? `${area}/bills?bill=${encodeURIComponent(result.bill_token)}` : null;
  const receiptLink = result.receipt_code
    ? `/verify-receipt?code=${encodeURIComponent(formatReceiptCode(result.receipt_code))}`
    : null;
  return (
    <tr>
      <td className={cn(cellClasses, "font-medium text-slate-900")}>{t(bill ? r.bill : r.payment)}</td>
      <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
        <span className="block font-mono text-slate-900">{bill ? result.bill_token : result.reference}</span>
        {result.rrr && <span className="block text-slate-600">{t(r.rrr, { rrr: result.rrr })}</span>}
        {!bill && result.payment_method && (
          <span className="block text-slate-600">{paymentMethodText(result.payment_method)}</span>
        )}
        {!bill && result.bill_token && <span className="block text-slate-600">{t(r.partOfBill)}</span>}
        {result.receipt_code && (
          <span className="block text-slate-600">{t(r.receipt, { code: formatReceiptCode(result.receipt_code) })}</span>
        )}
      </td>
      <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
        <span className="block font-medium text-slate-900">{result.name}</span>
        {result.hospital_number && <span className="block text-slate-600">{result.hospital_number}</span>}
        <span className="block text-slate-600">{result.phone}</span>
      </td>
      <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(result.amount)}</td>
      <td className={cn(cellClasses, "whitespace-nowrap")}>
        {bill && result.paid !== null && result.left !== null ? (
          <>
            <span className="block">{t(r.paid, { amount: formatNairaAmount(result.paid) })}</span>
            <span className="block text-slate-600">{t(r.left, { amount: formatNairaAmount(result.left) })}</span>
          </>
        ) : (
          notABill
        )}
      </td>
      <td className={cellClasses}>
        <ResultStatusBadge result={result} />
      </td>
      <td className={cn(cellClasses, "whitespace-nowrap")}>
        <time dateTime={result.created_at}>{formatWatDateTime(result.created_at)}</time>
      </td>
      <td className={cn(cellClasses, "min-w-32")}>
        <ul>
          {billLink && (
            <li>
              <Link
                to={billLink}
                className={linkClasses}
                aria-label={
                  bill
                    ? t(r.openBillLabel, { name: result.name, status: result.status })
                    : t(r.openItsBillLabel, { reference: result.reference ?? "" })
                }
              >
                {t(bill ? r.openBill : r.openItsBill)}
              </Link>
            </li>
          )}
          {receiptLink && (
            <li>
              <Link
                to={receiptLink}
                className={linkClasses}
                aria-label={
                  bill
                    ? t(r.checkBillReceiptLabel, { name: result.name })
                    : t(r.checkPaymentReceiptLabel, { reference: result.reference ?? "" })
                }
              >
                {t(r.checkReceipt)}
              </Link>
            </li>
          )}
          {!billLink && !receiptLink && <li className="py-2 text-slate-600">{t(r.noReceipt)}</li>}
        </ul>
      </td>
    </tr>
  );
}
