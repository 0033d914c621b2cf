/**
 * What a visitor did in a public screen's static first frame before the app took its place (on a slow
 * line the form shows seconds before it works): the fields they filled in, the field they were in, and a
 * press of the form's submit button (kept by index.html's start-up script as `data-submitted`). Read from
 * the frame before it goes; the function returned gives them to the live screen once it shows.
 */
export function carryOver(frame: HTMLElement, app: HTMLElement): () => void {
  const fields = [...frame.querySelectorAll<HTMLInputElement>('input[name]')];
  const filled = fields.filter((field) =>
    isChoice(field) ? field.checked !== field.defaultChecked : field.type !== 'file' && field.value !== field.defaultValue,
  );
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && frame.contains(active) ? active : null;
  const submitted = frame.hasAttribute('data-submitted');
  return () => {
    const liveTwin = (field: HTMLInputElement) =>
      [...app.querySelectorAll<HTMLInputElement>('input[name]')].find(
        (live) => live.name === field.name && live.type === field.type && (!isChoice(field) || live.value === field.value),
      );
    for (const field of filled) {
      const live = liveTwin(field);
      if (!live) continue;
      if (!isChoice(field)) typeInto(live, field.value);
      else if (live.checked !== field.checked) live.click();
    }
    const caret = focused ? liveTwin(focused) : undefined;
    caret?.focus();
    if (submitted) {
      // After the values typed in are the form's state (React renders them first).
      const form = caret?.form ?? app.querySelector('form');
      setTimeout(() => form?.requestSubmit(), 0);
    }
  };
}

const isChoice = (field: HTMLInputElement) => field.type === 'radio' || field.type === 'checkbox';

/** Sets a React-controlled field as typing does: React keeps its own copy of the value, updated by the input event. */
function typeInto(input: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
