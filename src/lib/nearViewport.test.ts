import { afterEach, describe, expect, it } from 'vitest';
import { nearViewport } from './nearViewport';

/** An element whose top is `top` px below the top of the viewport (jsdom lays nothing out). */
function placed(top: number) {
  const element = document.createElement('div');
  element.className = 'target';
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  document.body.append(element);
  return element;
}

const settled = (promise: Promise<void>) => Promise.race([promise.then(() => true), new Promise((r) => setTimeout(() => r(false), 20))]);

afterEach(() => document.body.replaceChildren());

describe('nearViewport', () => {
  it('waits while the element is further than the margin below the viewport, and resolves on the scroll that brings it near', async () => {
    const element = placed(window.innerHeight + 1000);
    const near = nearViewport('.target', 400);
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(near)).toBe(false);
    element.getBoundingClientRect = () => ({ top: window.innerHeight + 399 }) as DOMRect;
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(near)).toBe(true);
  });

  it('resolves when a jump has taken the page past the element', async () => {
    const element = placed(window.innerHeight + 5000);
    const near = nearViewport('.target');
    element.getBoundingClientRect = () => ({ top: -3000 }) as DOMRect;
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(near)).toBe(true);
  });

  it('resolves at once for an element already near, or none at all', async () => {
    placed(window.innerHeight + 100);
    expect(await settled(nearViewport('.target', 400))).toBe(true);
    expect(await settled(nearViewport('.missing'))).toBe(true);
  });
});

describe('nearViewport: reaching in', () => {
  it('resolves when the guest taps or tabs into a far element, not when they touch something else', async () => {
    const element = placed(window.innerHeight + 3000);
    const field = element.appendChild(document.createElement('input'));
    const elsewhere = document.body.appendChild(document.createElement('button'));
    const near = nearViewport('.target');
    elsewhere.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(await settled(near)).toBe(false);
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(await settled(near)).toBe(true);
  });

  it('resolves at once when the focus is already inside a far element (reached before the app ran)', async () => {
    const element = placed(window.innerHeight + 3000);
    const input = document.createElement('input');
    element.append(input);
    expect(await settled(nearViewport('.target'))).toBe(false);
    input.focus();
    expect(await settled(nearViewport('.target'))).toBe(true);
  });

  it('watches every match: the second of two far elements coming near resolves it', async () => {
    placed(window.innerHeight + 5000);
    const second = placed(window.innerHeight + 3000);
    const near = nearViewport('.target', 400);
    expect(await settled(near)).toBe(false);
    second.getBoundingClientRect = () => ({ top: 10 }) as DOMRect;
    window.dispatchEvent(new Event('scroll'));
    expect(await settled(near)).toBe(true);
  });
});
