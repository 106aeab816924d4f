import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserText } from './user-text';

describe('UserText', () => {
  it('isolates Latin text as left to right in a <bdi>', () => {
    const { container } = render(<UserText text="Aïcha Ba" />);
    const element = container.firstElementChild!;
    expect(element.tagName).toBe('BDI');
    expect(element).toHaveAttribute('dir', 'ltr');
    expect(element).toHaveTextContent('Aïcha Ba');
  });

  it('reads Arabic as right to left', () => {
    const { container } = render(<UserText text="سيدي ولد محمد" />);
    expect(container.firstElementChild).toHaveAttribute('dir', 'rtl');
  });

  it('reads mixed text in the direction of its first letter (issue 20 item 2)', () => {
    const arabic = render(<UserText text="تويوتا لاند كروزر V8 موديل 2012" />);
    expect(arabic.container.firstElementChild).toHaveAttribute('dir', 'rtl');
    const french = render(<UserText text="iPhone 12 هاتف" />);
    expect(french.container.firstElementChild).toHaveAttribute('dir', 'ltr');
  });

  it('renders the element asked for, and escapes markup', () => {
    const { container } = render(<UserText as="p" className="x" text="<b>Salut</b>" />);
    const element = container.firstElementChild!;
    expect(element.tagName).toBe('P');
    expect(element).toHaveClass('x');
    expect(element.querySelector('b')).toBeNull();
  });

  it('renders an empty element, isolated in the page’s direction, for a missing text', () => {
    const { container } = render(<UserText text={null} />);
    expect(container.firstElementChild).toHaveAttribute('dir', 'auto');
    expect(container.firstElementChild).toBeEmptyDOMElement();
  });
});
