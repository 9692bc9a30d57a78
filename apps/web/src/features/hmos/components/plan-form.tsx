import { hmoPlanInputSchema, LIMITS } from "@hospipay/contract";
import { useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxRow } from "../../../components/ui/checkbox-row";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useAddPlan } from "../api/hmos-api";
import { hmoFormMessages as f } from "../messages";
import { checkWith, focusFirstInvalid, saveFailure, type FormErrors } from "./form-errors";

interface Shares {
  covered_percent: string;
  copay_percent: string;
  excluded: boolean;
  preauth_required: boolean;
}
interface RuleDraft extends Shares {
  /** A stable key for the row while rules are added and removed. */
  key: number;
  target: "department" | "service";
  name: string;
}

const noShares = (): Shares => ({ covered_percent: "", copay_percent: "", excluded: false, preauth_required: false });

/** The body the API takes: a share left empty is none (0 %), an excluded rule has no shares. */
function bodyOf(name: string, plan: Shares, rules: RuleDraft[]) {
  const shares = (s: Shares) => ({
    ...(s.excluded || s.covered_percent.trim() === "" ? {} : { covered_percent: s.covered_percent.trim() }),
    ...(s.excluded || s.copay_percent.trim() === "" ? {} : { copay_percent: s.copay_percent.trim() }),
    excluded: s.excluded,
    preauth_required: s.preauth_required,
  });
  return {
    name,
    ...shares(plan),
    rules: rules.map((rule) => ({
      ...(rule.target === "department" ? { department: rule.name } : { service_id: rule.name }),
      ...shares(rule),
    })),
  };
}

/** The two shares and the two flags of a plan or of one of its rules; `path` prefixes their field errors. */
function SharesFields({
  value,
  onChange,
  errors,
  path,
}: {
  value: Shares;
  onChange: (value: Shares) => void;
  errors: Record<string, string>;
  path: string;
}) {
  const set = (change: Partial<Shares>) => onChange({ ...value, ...change });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t(f.covered)}
          inputMode="decimal"
          maxLength={6}
          disabled={value.excluded}
          value={value.excluded ? "" : value.covered_percent}
          onValueChange={(covered_percent) => set({ covered_percent })}
          error={errors[`${path}covered_percent`]}
        />
        <TextField
          label={t(f.copay)}
          inputMode="decimal"
          maxLength={6}
          disabled={value.excluded}
          value={value.excluded ? "" : value.copay_percent}
          onValueChange={(copay_percent) => set({ copay_percent })}
          error={errors[`${path}copay_percent`]}
          hint={t(f.sharesHint)}
        />
      </div>
      <div className="flex flex-wrap gap-x-6">
        <CheckboxRow checked={value.excluded} onChange={(excluded) => set({ excluded })}>
          {t(f.excluded)}
        </CheckboxRow>
        <CheckboxRow checked={value.preauth_required} onChange={(preauth_required) => set({ preauth_required })}>
          {t(f.preauth)}
        </CheckboxRow>
      </div>
      {errors[`${path}excluded`] && <p className="text-sm font-medium text-red-700">{errors[`${path}excluded`]}</p>}
    </>
  );
}

/**
 * Adds a plan to an HMO: its name and own shares, and the rules of the departments or services it treats
 * otherwise (added and removed row by row). Checked as the server checks it; the server's refusals show beside
 * their fields, a rule's beside that rule's.
 */
export function PlanForm({
  hmoId,
  onSaved,
  onCancel,
}: {
  hmoId: number;
  onSaved: (detail: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState("");
  const [plan, setPlan] = useState<Shares>(noShares);
  const [rules, setRules] = useState<RuleDraft[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const save = useAddPlan();
  const box = useRef<HTMLDivElement>(null);

  const submit = () => {
    const body = bodyOf(name, plan, rules);
    const fields = checkWith(hmoPlanInputSchema, body);
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) {
      focusFirstInvalid(box.current);
      return;
    }
    save.mutate(
      { hmoId, body },
      {
        onSuccess: (answer) => onSaved(specText(answer.detail)),
        onError: (error) => {
          setErrors(saveFailure(error));
          focusFirstInvalid(box.current);
        },
      },
    );
  };

  const setRule = (key: number, change: Partial<RuleDraft>) =>
    setRules((current) => current.map((rule) => (rule.key === key ? { ...rule, ...change } : rule)));
  const count = Object.keys(errors.fields).length;

  return (
    <div ref={box}>
      <Form onSubmit={submit} className="space-y-4">
        {(count > 0 || errors.general) && <Alert tone="error">{errors.general ?? t(f.checkFields, { count })}</Alert>}
        <TextField
          label={t(f.planName)}
          maxLength={LIMITS.name}
          value={name}
          onValueChange={setName}
          error={errors.fields.name}
        />
        <SharesFields value={plan} onChange={setPlan} errors={errors.fields} path="" />
        <section aria-labelledby="plan-rules-heading" className="space-y-3">
          <h3 id="plan-rules-heading" className="text-base font-semibold text-slate-900">
            {t(f.rulesHeading)}
          </h3>
          <p className="text-sm text-slate-600">{t(f.rulesHint)}</p>
          {rules.map((rule, index) => {
            const path = `rules.${index}.`;
            const targetError = errors.fields[`${path}department`] ?? errors.fields[`${path}service_id`];
            return (
              <fieldset key={rule.key} className="space-y-3 rounded-xl border border-slate-200 p-3 sm:p-4">
                <legend className="px-1 text-sm font-semibold text-slate-800">{t(f.ruleLegend, { number: index + 1 })}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field label={t(f.ruleFor)}>
                    {(control) => (
                      <select
                        {...control}
                        value={rule.target}
                        onChange={(event) => setRule(rule.key, { target: event.target.value as RuleDraft["target"] })}
                        className={inputClasses}
                      >
                        <option value="department">{t(f.forDepartment)}</option>
                        <option value="service">{t(f.forService)}</option>
                      </select>
                    )}
                  </Field>
                  <TextField
                    label={rule.target === "department" ? t(f.department) : t(f.serviceId)}
                    maxLength={rule.target === "department" ? LIMITS.name : 64}
                    value={rule.name}
                    onValueChange={(value) => setRule(rule.key, { name: value })}
                    error={targetError}
                  />
                </div>
                <SharesFields value={rule} onChange={(shares) => setRule(rule.key, shares)} errors={errors.fields} path={path} />
                <Button variant="ghost" onClick={() => setRules((current) => current.filter((r) => r.key !== rule.key))}>
                  {t(f.removeRule, { number: index + 1 })}
                </Button>
              </fieldset>
            );
          })}
          <Button
            variant="secondary"
            onClick={() => {
              setRules((current) => [...current, { key: nextKey, target: "department", name: "", ...noShares() }]);
              setNextKey((key) => key + 1);
            }}
          >
            {t(f.addRule)}
          </Button>
        </section>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            {t(f.savePlan)}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t(f.cancel)}
          </Button>
        </div>
      </Form>
    </div>
  );
}
