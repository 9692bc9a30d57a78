import { useCurrentUser } from "../../../lib/session/get-profile";

/** /profile/edit, 'Account Settings'. The Account, Change Password and KYC tabs arrive with their issue. */
export function ProfileEditScreen() {
  const user = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <div className="rounded-2xl bg-gradient-to-br from-teal-800 to-emerald-700 p-6 text-white">
        <h1 className="text-3xl font-bold tracking-tight">Account Settings</h1>
        <p className="mt-1 text-teal-50">Manage your profile, preferences and privacy.</p>
      </div>
      {user && (
        <dl className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-sm shadow-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">Name</dt>
            <dd className="font-medium text-slate-900">
              {user.first_name} {user.last_name}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Email</dt>
            <dd className="font-medium break-all text-slate-900">{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Phone</dt>
            <dd className="font-medium text-slate-900">{user.phone_number}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
