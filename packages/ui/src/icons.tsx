// Inline SVG icons: they render the same on every device (emoji fonts do not), and stay
// decorative (aria-hidden); the control around them carries the accessible name.

const svg = { width: 22, height: 22, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export function ChatIcon() {
  return (
    <svg {...svg}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </svg>
  );
}

/** Beside the language choice. */
export function GlobeIcon() {
  return (
    <svg {...svg} width={18} height={18} className="globe-icon">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </svg>
  );
}

/** One outline per vehicle type of the domain (car, van, small_truck, truck). */
export function VehicleIcon({ type }: { type: string }) {
  const body =
    type === 'car' ? (
      <path d="M3 15v-3l2-5h10l3 5h3v3M3 15h18" />
    ) : type === 'van' ? (
      <path d="M2 16V6h12l4 4h4v6M2 16h20M14 6v4h4" />
    ) : type === 'small_truck' ? (
      <path d="M2 16V5h11v11M13 9h5l3 4v3M2 16h19" />
    ) : (
      <path d="M1 16V4h14v12M15 8h4l4 5v3M1 16h22" />
    );
  return (
    <svg {...svg} className="vehicle-icon">
      {body}
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </svg>
  );
}
