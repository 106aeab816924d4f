import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { FormAlert, FormField, SubmitButton } from './form-field';

describe('FormField', () => {
  it('labels its input', () => {
    renderWithApp(<FormField name="first_name" label="Prénom" />);
    const input = screen.getByLabelText('Prénom');
    expect(input).toHaveAttribute('name', 'first_name');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows its errors under it, translated, and ties them to the input', () => {
    renderWithApp(
      <FormField
        name="phone_1"
        label="Téléphone"
        hint="8 chiffres"
        errors={['phone_taken', 'required']}
      />,
    );
    const input = screen.getByLabelText('Téléphone');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Ce numéro de téléphone est déjà utilisé Ce champ est obligatoire 8 chiffres',
    );
  });

  it('fills in the limits a message names', () => {
    renderWithApp(
      <FormField name="password" label="Mot de passe" errors={['password_too_short']} />,
    );
    expect(screen.getByText('Mot de passe trop court (8 caractères au moins)')).toBeInTheDocument();
  });

  it('shows an unknown message key as a generic error rather than the raw key', () => {
    renderWithApp(<FormField name="x" label="X" errors={['some_new_key']} />);
    expect(screen.getByText('Une erreur inattendue est survenue')).toBeInTheDocument();
    expect(screen.queryByText('some_new_key')).not.toBeInTheDocument();
  });

  it('shows errors in Arabic', () => {
    renderWithApp(<FormField name="number" label="العدد" errors={['number_not_available']} />, {
      language: 'ar',
    });
    expect(screen.getByText('لا يمكنك شراء أكثر من العدد المتوفر')).toBeInTheDocument();
  });

  it('marks optional fields', () => {
    renderWithApp(<FormField name="email" label="E-mail" optional />);
    expect(screen.getByText('(facultatif)')).toBeInTheDocument();
  });

  it('lets a password be shown and hidden', async () => {
    const user = userEvent.setup();
    renderWithApp(<FormField name="password" type="password" label="Mot de passe" />);
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('wires another control through render', () => {
    renderWithApp(
      <FormField
        name="offer_type"
        label="Type d’offre"
        errors={['bad_input']}
        render={(props) => (
          <select {...props}>
            <option>Vente</option>
          </select>
        )}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Type d’offre' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Valeur incorrecte');
  });
});

describe('FormAlert', () => {
  it('shows the general errors as an alert', () => {
    renderWithApp(<FormAlert messages={['wrong_credentials', 'too_many_attempts']} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Identifiant ou mot de passe incorrect');
    expect(alert).toHaveTextContent('Trop de tentatives');
  });

  it('shows nothing without errors', () => {
    renderWithApp(<FormAlert messages={[]} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('SubmitButton', () => {
  it('is disabled and says so while loading', () => {
    renderWithApp(
      <SubmitButton loading loadingLabel="Connexion…">
        Se connecter
      </SubmitButton>,
    );
    const button = screen.getByRole('button', { name: 'Connexion…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('is a plain submit button otherwise', () => {
    renderWithApp(<SubmitButton loading={false}>Se connecter</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Se connecter' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
  });
});
