import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import './popover.css';

/**
 * While a panel is open, a click outside `root`, Escape or the focus leaving it (Tab past its last
 * item) closes it; Escape gives the focus back to the button that opened it. A confirmation opened
 * from the panel lives in a modal outside it: a click, a key or the focus there keeps the panel.
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
      // Escape in a dialog opened from the panel closes that dialog only.
      if ((event.target as Element).closest?.('.modal')) return;
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Element;
      if (target.closest?.('.modal')) return;
      if (!root.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, setOpen, root, button]);
}

const MENU_ITEMS =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * The keyboard of a menu button (WAI-ARIA APG): Enter or Space on the button opens the panel with
 * the focus on its first item; the arrows (wrapping), Home and End move between the items, Tab goes
 * on through them. Pass `onTriggerClick` to the button's click handler and `onPanelKeyDown` to the
 * panel.
 */
export function useMenuKeyboard(open: boolean, panel: RefObject<HTMLElement | null>) {
  const fromKeyboard = useRef(false);
  /** Opened from the keyboard: the focus goes to the first item (a panel loaded late calls it). */
  const focusFirst = useCallback(() => {
    if (fromKeyboard.current) panel.current?.querySelector<HTMLElement>(MENU_ITEMS)?.focus();
  }, [panel]);
  useEffect(() => {
    if (open) focusFirst();
  }, [open, focusFirst]);
  // A click from Enter or Space has no pointer position and `detail` 0.
  const onTriggerClick = useCallback((event: ReactMouseEvent) => {
    fromKeyboard.current = event.detail === 0;
  }, []);
  const onPanelKeyDown = useCallback((event: ReactKeyboardEvent<HTMLElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const target = event.target as HTMLElement;
    // Inside a text field the arrows and Home/End move the caret.
    if (target.matches('input, textarea, select')) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(MENU_ITEMS)];
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(target);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? items.length - 1
          : (at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
    items[at === -1 && event.key === 'ArrowUp' ? items.length - 1 : next].focus();
  }, []);
  return { onTriggerClick, onPanelKeyDown, focusFirst };
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
  const { onTriggerClick, onPanelKeyDown } = useMenuKeyboard(open, panel);

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
          onTriggerClick(event);
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
          onKeyDown={onPanelKeyDown}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}
