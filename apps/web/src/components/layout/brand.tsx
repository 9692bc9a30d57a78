import { Link } from "react-router";

/** The Hospipay mark and name, linking home. */
export function Brand({ tone = "dark" }: { tone?: "dark" | "light" }) {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-teal-700"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      <span
        className={
          tone === "dark" ? "text-xl font-bold tracking-tight text-slate-900" : "text-xl font-bold tracking-tight text-white"
        }
      >
        Hospi<span className={tone === "dark" ? "text-teal-700" : "text-teal-200"}>pay</span>
      </span>
    </Link>
  );
}
