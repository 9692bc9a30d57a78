/** /about: placeholder text (SPEC §2). */
export function AboutScreen() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">About Hospipay</h1>
      <p className="mt-4 leading-relaxed text-slate-700">
        Hospipay is a payment wallet for hospitals. Patients and visitors pay for hospital services in Naira, as guests or from a
        prepaid wallet, and keep every receipt in one place.
      </p>
      <p className="mt-4 leading-relaxed text-slate-700">More about the team and our partner hospitals is coming soon.</p>
    </div>
  );
}
