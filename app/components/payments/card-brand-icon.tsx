import type { CardBrandIcon as Brand } from '~/domain/saved-cards';
import { brandLabel } from '~/domain/saved-cards';

/**
 * The six card brand marks (spec §3), drawn simply so no brand artwork ships with the app,
 * and a generic card for unknown brands. Each is an image named by its brand.
 */
export function CardBrandIcon({ brand, className = 'card-brand-icon' }: { brand: Brand | 'unknown'; className?: string }) {
  const label = brand === 'unknown' ? brandLabel(null) : brandLabel(brand);
  return (
    <svg className={className} role="img" aria-label={label} viewBox="0 0 48 32" width="48" height="32" focusable="false" data-brand={brand}>
      <title>{label}</title>
      {mark(brand)}
    </svg>
  );
}

function mark(brand: Brand | 'unknown') {
  const frame = (fill: string) => <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={fill} stroke="#5c6370" />;
  switch (brand) {
    case 'visa':
      return (
        <>
          {frame('#1a1f71')}
          <text x="24" y="21" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontStyle="italic" fontSize="13" fill="#ffffff">
            VISA
          </text>
        </>
      );
    case 'mastercard':
      return (
        <>
          {frame('#ffffff')}
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" fillOpacity="0.85" />
        </>
      );
    case 'amex':
      return (
        <>
          {frame('#006fcf')}
          <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="10" fill="#ffffff">
            AMEX
          </text>
        </>
      );
    case 'discover':
      return (
        <>
          {frame('#ffffff')}
          <text x="19" y="19" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="7" fill="#231f20">
            DISCOVER
          </text>
          <circle cx="39" cy="16" r="5" fill="#f58220" />
        </>
      );
    case 'dinersClub':
      return (
        <>
          {frame('#ffffff')}
          <circle cx="24" cy="16" r="10" fill="none" stroke="#0079be" strokeWidth="3" />
          <line x1="24" y1="7" x2="24" y2="25" stroke="#0079be" strokeWidth="2" />
        </>
      );
    case 'jcb':
      return (
        <>
          {frame('#ffffff')}
          <rect x="9" y="7" width="9" height="18" rx="3" fill="#0e4c96" />
          <rect x="19.5" y="7" width="9" height="18" rx="3" fill="#e21836" />
          <rect x="30" y="7" width="9" height="18" rx="3" fill="#007940" />
        </>
      );
    default:
      return (
        <>
          {frame('#e9ecef')}
          <rect x="0.5" y="8" width="47" height="5" fill="#5c6370" />
          <rect x="6" y="20" width="16" height="4" rx="1" fill="#5c6370" />
        </>
      );
  }
}
