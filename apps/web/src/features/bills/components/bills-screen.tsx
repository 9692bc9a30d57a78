import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Form, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote, Pager } from "../../../components/ui/list-states";
import { formatNairaAmount } from "../../../lib/money";
import { failureText } from "../api/bills-error";
import { BILLS_PAGE_SIZE, useBills } from "../api/get-bills";
import { BillDetailDialog } from "./bill-detail-dialog";
import { BillStatusBadge } from "./bill-status-badge";
import { RaiseBillForm } from "./raise-bill-form";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { billsCommonMessages as c, billsScreenMessages as m } from "../messages";

const COLUMNS = [m.colRaised, m.colPatient, m.colHospitalNumber, c.total, c.paid, m.colLeft, m.colStatus, m.colActions];

/**
 * /agentdashboard/bills, /admindashboard/bills and /superdashboard/bills (beyond SPEC, issue 21): staff
 * raise bills for patients, find them by hospital number, name, phone, e-mail or token, and open one to
 * share its link, print its slip or cancel it. `?bill={token}` opens that bill's dialog (the staff search
 * links there); closing it takes the parameter off the address.
 */
export function BillsScreen() {
  return (
    <StaffAreaShell panels={c} title={t(m.title)} denied={t(m.denied)}>
      <Bills />
    </StaffAreaShell>
  );
}

function Bills() {
  const [raising, setRaising] = useState(false);
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<string | null>(() => params.get("bill") || null);
  const [created, setCreated] = useState<string | null>(null);
  const raiseButton = useRef<HTMLButtonElement>(null);
  const bills = useBills(search, page);
  const results = bills.data?.results ?? [];
  const count = bills.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / BILLS_PAGE_SIZE));

  return (
    <>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button ref={raiseButton} aria-expanded={raising} onClick={() => setRaising((value) => !value)}>
          {t(raising ? m.closeForm : m.raise)}
        </Button>
        {created && (
          <Alert tone="success" className="grow">
            {created}
          </Alert>
        )}
      </div>

      {raising && (
        <RaiseBillForm
          onCancel={() => {
            setRaising(false);
            raiseButton.current?.focus();
          }}
          onCreated={(token, detail) => {
            setRaising(false);
            setCreated(detail);
            setSearch("");
            setDraft("");
            setPage(1);
            setOpen(token);
          }}
        />
      )}

      <section aria-labelledby="bills-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="bills-heading" className="text-xl font-semibold text-slate-900">
          {t(m.findHeading)}
        </h2>
        <Form
          aria-label={t(m.searchForm)}
          onSubmit={() => {
            setSearch(draft.trim());
            setPage(1);
          }}
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <TextField
            label={t(m.search)}
            type="search"
            className="grow"
            maxLength={100}
            value={draft}
            onValueChange={setDraft}
            hint={t(m.searchHint)}
          />
          <div className="flex gap-2 sm:mb-7">
            <Button type="submit" variant="secondary">
              {t(m.search)}
            </Button>
            <Button
              variant="ghost"
              disabled={draft === "" && search === ""}
              onClick={() => {
                setDraft("");
                setSearch("");
                setPage(1);
              }}
            >
              {t(m.clear)}
            </Button>
          </div>
        </Form>

        <div className="mt-4" aria-busy={bills.isFetching || undefined}>
          {bills.isPending ? (
            <ListNote>{t(m.loading)}</ListNote>
          ) : bills.isError && results.length === 0 ? (
            <ListFailure
              message={t(c.error, { message: failureText(bills.error, t(c.loadBillsFailed)) })}
              retryLabel={t(c.tryAgain)}
              busy={bills.isFetching}
              onRetry={() => void bills.refetch()}
            />
          ) : results.length === 0 ? (
            <ListNote>{search ? t(m.noMatch, { search }) : t(m.none)}</ListNote>
          ) : (
            <>
              <ListNote className="mb-3">{search ? t(m.countMatch, { count, search }) : t(m.count, { count })}</ListNote>
              <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
                {results.map((bill) => (
                  <tr key={bill.token}>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      <time dateTime={bill.created_at}>{formatWatDateTime(bill.created_at)}</time>
                    </td>
                    <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
                      <span className="block font-medium text-slate-900">{bill.patient_name}</span>
                      <span className="block text-slate-600">{bill.patient_phone}</span>
                      {bill.patient_email && <span className="block text-slate-600">{bill.patient_email}</span>}
                    </td>
                    <td className={cn(cellClasses, breakAnywhere)}>{bill.hospital_number}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.total)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.paid)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(bill.left)}</td>
                    <td className={cellClasses}>
                      <BillStatusBadge status={bill.status} />
                    </td>
                    <td className={cellClasses}>
                      <Button
                        variant="secondary"
                        aria-label={t(m.openLabel, {
                          status: bill.status,
                          name: bill.patient_name,
                          total: formatNairaAmount(bill.total),
                        })}
                        onClick={() => setOpen(bill.token)}
                      >
                        {t(m.open)}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager messages={m} page={page} pages={pages} onPage={setPage} />
            </>
          )}
        </div>
      </section>

      <BillDetailDialog
        token={open}
        onClose={() => {
          setOpen(null);
          if (params.has("bill"))
            setParams(
              (current) => {
                current.delete("bill");
                return current;
              },
              { replace: true },
            );
        }}
      />
    </>
  );
}
