/** Mantine's modals leave an Escape alone whose target carries this attribute. */
const stopAttribute = 'data-mantine-stop-propagation';

/** Whether `target` is inside an open popover (a date picker's calendar, a menu) or the field that opened it. */
const inOpenPopover = (target: Element) =>
  target.closest('[aria-expanded="true"], .mantine-Popover-dropdown') !== null ||
  // a date field keeps the focus while its calendar shows, and does not say that it is open
  (target.hasAttribute('data-dates-input') &&
    [...target.ownerDocument.querySelectorAll('.mantine-Popover-dropdown')].some((dropdown) =>
      dropdown.checkVisibility(),
    ));

/**
 * Esc in a popover inside a dialog closes the popover, not the dialog. A Select's dropdown does so by
 * itself; a date picker's popover does not mark its field, and the modal hears Escape first (on the
 * window, capturing), so this listener, installed before any modal, marks the target for that one event.
 */
export function installPopoverEscape(win: Window = window): void {
  win.addEventListener(
    'keydown',
    (event) => {
      const target = event.target;
      if (event.key !== 'Escape' || !(target instanceof Element) || target.hasAttribute(stopAttribute))
        return;
      if (!inOpenPopover(target)) return;
      target.setAttribute(stopAttribute, 'true');
      setTimeout(() => target.removeAttribute(stopAttribute));
    },
    { capture: true },
  );
}
