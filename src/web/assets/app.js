// Small improvements over pages that work without any script: copy buttons for secrets shown once.
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
});
