// Small improvements over pages that work without any script: copy buttons for secrets shown once,
// and a checklist's submit button enabled once every item is checked (without the script, the
// browser refuses to send the form until then, and the server checks again).
'use strict';
document.addEventListener('DOMContentLoaded', () => {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    const source = document.getElementById(button.getAttribute('data-copy'));
    if (!source || !navigator.clipboard) continue;
    button.hidden = false;
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(source.textContent.trim());
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Select the text to copy it';
      }
      setTimeout(() => {
        button.textContent = 'Copy';
      }, 2500);
    });
  }
  for (const form of document.querySelectorAll('form[data-all-checked]')) {
    const boxes = [...form.querySelectorAll('input[type=checkbox][required]')];
    const button = form.querySelector('button[type=submit]');
    if (!button || boxes.length === 0) continue;
    const update = () => {
      button.disabled = !boxes.every((box) => box.checked);
    };
    for (const box of boxes) box.addEventListener('change', update);
    update();
  }
});
