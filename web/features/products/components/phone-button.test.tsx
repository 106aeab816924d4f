import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { displayPhone, PhoneButton } from './phone-button';

describe('PhoneButton', () => {
  it('reads numbers in pairs', () => {
    expect(displayPhone('22334455')).toBe('22 33 44 55');
  });

  it('offers a call and a WhatsApp message to the same number', async () => {
    const user = userEvent.setup();
    renderWithApp(<PhoneButton phone="22334455" />);
    const trigger = screen.getByRole('button', { name: 'Contacter le 22 33 44 55' });
    expect(trigger).toHaveTextContent('22 33 44 55');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    expect(screen.getByRole('link', { name: 'Appeler 22 33 44 55' })).toHaveAttribute(
      'href',
      'tel:+22222334455',
    );
    const whatsapp = screen.getByRole('link', { name: 'WhatsApp 22 33 44 55' });
    expect(whatsapp).toHaveAttribute('href', 'https://wa.me/22222334455');
    expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('uses the WhatsApp number when there is one, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<PhoneButton phone="22334455" whatsapp="33445566" compact />, {
      language: 'ar',
    });
    const trigger = screen.getByRole('button', { name: 'التواصل مع 22 33 44 55' });
    expect(trigger).not.toHaveTextContent('22');
    await user.click(trigger);
    expect(screen.getByRole('link', { name: /واتساب/ })).toHaveAttribute(
      'href',
      'https://wa.me/22233445566',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });
});
