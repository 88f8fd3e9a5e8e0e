import { describe, expect, it } from 'vitest';
import { celebrationTarget } from './celebration';

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

describe('celebrationTarget', () => {
  it('celebrates buttons and links outside forms', () => {
    mount('<button id="b"><span id="inner">Next</span></button><a id="a" href="/x">About</a>');
    expect(celebrationTarget(document.getElementById('inner'))?.id).toBe('b');
    expect(celebrationTarget(document.getElementById('a'))?.id).toBe('a');
  });

  it('skips clicks inside forms', () => {
    mount('<form><button id="submit">Send</button><a id="link" href="/terms">terms</a></form>');
    expect(celebrationTarget(document.getElementById('submit'))).toBeNull();
    expect(celebrationTarget(document.getElementById('link'))).toBeNull();
  });

  it("skips buttons whose text contains 'Reserve Now' or 'Processing'", () => {
    mount('<button id="r">Reserve Now for tonight</button><button id="p">Processing…</button><button id="ok">Reserve</button>');
    expect(celebrationTarget(document.getElementById('r'))).toBeNull();
    expect(celebrationTarget(document.getElementById('p'))).toBeNull();
    expect(celebrationTarget(document.getElementById('ok'))?.id).toBe('ok');
  });

  it('ignores clicks on plain content', () => {
    mount('<p id="t">Just text</p>');
    expect(celebrationTarget(document.getElementById('t'))).toBeNull();
    expect(celebrationTarget(null)).toBeNull();
  });
});
