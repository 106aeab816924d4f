import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import './popover.css';

/**
 * While a panel is open, a click outside `root` or Escape closes it; Escape gives the focus back
 * to the button that opened it. A confirmation opened from the panel lives in a modal outside
 * it: a click there keeps the panel.
 */
export function useDismiss(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Element;
      if (target.closest?.('.modal')) return;
      if (!root.current?.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, root, button]);
}

interface PopoverProps {
  /** The trigger's accessible name. */
  label: string;
  /** What the trigger shows (an icon, a number…). */
  trigger: ReactNode;
  triggerClassName?: string;
  className?: string;
  /** The panel; `close` shuts it (after a choice). */
  children: (close: () => void) => ReactNode;
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  /** The panel opens above the trigger (at the bottom of a card). */
  above?: boolean;
}

/**
 * A button that opens a small panel (a menu of actions): a click outside, Escape or a choice
 * closes it, and Escape gives the focus back to the button.
 */
export function Popover({
  label,
  trigger,
  triggerClassName = 'icon-button',
  className,
  children,
  align = 'end',
  above = false,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const [shift, setShift] = useState(0);

  // A panel that would stick out of a narrow screen is moved sideways into it.
  useLayoutEffect(() => {
    if (!open || !panel.current) return;
    const box = panel.current.getBoundingClientRect();
    const margin = 8;
    const width = document.documentElement.clientWidth;
    if (box.left < margin) setShift(margin - box.left);
    else if (box.right > width - margin) setShift(width - margin - box.right);
    return () => setShift(0);
  }, [open]);

  useDismiss(open, setOpen, root, button);

  const panelClass = [
    'popover__panel',
    `popover__panel--${align}`,
    above && 'popover__panel--above',
  ].filter(Boolean);
  return (
    <div className={['popover', className].filter(Boolean).join(' ')} ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={(event) => {
          // Inside a clickable card, opening the menu must not open the card.
          event.stopPropagation();
          setOpen((value) => !value);
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className={panelClass.join(' ')}
          style={shift ? { translate: `${shift}px 0` } : undefined}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
