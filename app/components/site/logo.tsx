/** The company's mark (the same drawing as the favicon). Decorative: the company name always sits beside it. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#121c30" stroke="#2c3b58" />
      <path d="M8 23V9h3.2v5.6L16.6 9h3.9l-5.8 6.2L21 23h-4l-4.4-5.7-1.4 1.5V23z" fill="#31cfa4" />
      <circle cx="24" cy="10" r="2" fill="#31cfa4" />
    </svg>
  );
}
