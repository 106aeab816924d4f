import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/render-app';
import { renderWithApp } from '../../../test/render';
import { emptySearch, type Position, type SearchState } from '../search-state';
import { SearchPanel } from './search-panel';
import { TOWNS } from '../../../../shared/domain/places';
import { catalogHandlers } from '../test-support';

// Pages load their code on first visit; on a busy machine that takes more than a second.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});
afterEach(() => vi.unstubAllGlobals());

function geolocation(position: Position | null = { latitude: 18.09, longitude: -15.97 }) {
  return {
    position: null,
    settled: false,
    locate: vi.fn(async () => position),
  };
}

function renderPanel(
  props: Partial<Parameters<typeof SearchPanel>[0]> = {},
  language: 'fr' | 'ar' = 'fr',
) {
  const server = fakeServer(catalogHandlers);
  const onSearch = vi.fn<(search: SearchState) => void>();
  const geo = props.geolocation ?? geolocation();
  renderWithApp(
    <SearchPanel initial={emptySearch} onSearch={onSearch} geolocation={geo} {...props} />,
    { language },
  );
  return { onSearch, geo, server, user: userEvent.setup() };
}

const mode = (name: string) => screen.getByRole('button', { name });

describe('the search panel', { timeout: 15_000 }, () => {
  it('normal mode: name, category and subcategory, the catalogue translated', async () => {
    const { user, onSearch } = renderPanel();
    expect(mode('Simple')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByLabelText('Prix minimum')).not.toBeInTheDocument();
    const category = screen.getByRole('combobox', { name: 'Catégorie' });
    await screen.findByRole('option', { name: 'Véhicules' });
    expect(screen.getByRole('combobox', { name: 'Sous-catégorie' })).toBeDisabled();
    await user.selectOptions(category, 'Véhicules');
    const subcategory = screen.getByRole('combobox', { name: 'Sous-catégorie' });
    await screen.findByRole('option', { name: 'Voitures' });
    await user.selectOptions(subcategory, 'Voitures');
    await user.type(screen.getByRole('searchbox', { name: 'Mots-clés' }), 'hilux');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({
        mode: 'normal',
        name: 'hilux',
        pcategory_id: '1',
        psubcategory_id: '1',
        page: 1,
      }),
    );
  });

  it('switching to advanced shows the filters and asks for the position (SPEC §4)', async () => {
    const { user, geo } = renderPanel();
    expect(geo.locate).not.toHaveBeenCalled();
    await user.click(mode('Avancée'));
    expect(mode('Avancée')).toHaveAttribute('aria-pressed', 'true');
    for (const label of ['Prix minimum', 'Prix maximum', 'Distance maximale en km']) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    for (const label of ['Négociable', 'Occasion', 'Livraison']) {
      expect(screen.getByRole('combobox', { name: label })).toBeInTheDocument();
    }
    // Offers sell or rent out (DESIGN §6).
    const offerType = screen.getByRole('combobox', { name: 'Type d’offre' });
    expect(
      within(offerType)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Peu importe', 'Vente', 'Location au mois', 'Location à l’heure']);
    expect(geo.locate).toHaveBeenCalledTimes(1);
    await user.click(mode('Simple'));
    expect(screen.queryByRole('textbox', { name: 'Prix minimum' })).not.toBeInTheDocument();
  });

  it('a demand search offers buy instead of sale', async () => {
    const { user } = renderPanel({ initial: { ...emptySearch, type: 'demand' } });
    await user.click(mode('Avancée'));
    const offerType = screen.getByRole('combobox', { name: 'Type d’offre' });
    expect(within(offerType).getByRole('option', { name: 'Achat' })).toBeInTheDocument();
    expect(within(offerType).queryByRole('option', { name: 'Vente' })).not.toBeInTheDocument();
  });

  it('SPEC §5: a bound below 1 or not a number is refused with label + name + bad input', async () => {
    const { user, onSearch } = renderPanel({ initial: { ...emptySearch, mode: 'advanced' } });
    await user.type(screen.getByRole('textbox', { name: 'Prix minimum' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Distance maximale en km' }), 'loin');
    await user.type(screen.getByRole('textbox', { name: 'Prix maximum' }), '500000');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch).not.toHaveBeenCalled();
    const min = screen.getByRole('textbox', { name: 'Prix minimum' });
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription(/Le champ «\s?Prix minimum\s?» est incorrect/);
    expect(
      screen.getByRole('textbox', { name: 'Distance maximale en km' }),
    ).toHaveAccessibleDescription(/Le champ «\s?Distance maximale en km\s?» est incorrect/);
    expect(screen.getByRole('textbox', { name: 'Prix maximum' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    // The first field in error gets the focus.
    await waitFor(() => expect(min).toHaveFocus());

    await user.clear(min);
    await user.type(min, '1000');
    await user.clear(screen.getByRole('textbox', { name: 'Distance maximale en km' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({ min_price: '1000', max_price: '500000', distance: '' }),
    );
  });

  it('the message is in Arabic on an Arabic page', async () => {
    const { user } = renderPanel({ initial: { ...emptySearch, mode: 'advanced' } }, 'ar');
    await user.type(screen.getByRole('textbox', { name: 'أعلى سعر' }), '-5');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    expect(screen.getByRole('textbox', { name: 'أعلى سعر' })).toHaveAccessibleDescription(
      /الحقل «أعلى سعر» غير صحيح/,
    );
  });

  it('shows the server’s errors under their fields, others as a general error', () => {
    renderPanel({
      initial: { ...emptySearch, mode: 'advanced', min_price: '0' },
      serverErrors: { min_price: ['bad_input'], distance: ['required_location'], x: ['unknown'] },
    });
    expect(screen.getByRole('textbox', { name: 'Prix minimum' })).toHaveAccessibleDescription(
      /Valeur incorrecte/,
    );
    expect(
      screen.getByRole('textbox', { name: 'Distance maximale en km' }),
    ).toHaveAccessibleDescription(/Votre position est nécessaire/);
    expect(screen.getByRole('alert')).toHaveTextContent('Une erreur inattendue est survenue');
  });

  it('says when the minimum price is above the maximum (issue 20 item 9)', () => {
    renderPanel({
      initial: { ...emptySearch, mode: 'advanced', min_price: '500000', max_price: '1000' },
      serverErrors: { max_price: ['max_below_min'] },
    });
    expect(screen.getByRole('textbox', { name: 'Prix maximum' })).toHaveAccessibleDescription(
      'Le prix maximum est inférieur au prix minimum',
    );
  });

  it('waits for the position when a distance is asked, and sends it along', async () => {
    const geo = geolocation({ latitude: 18.1, longitude: -15.95 });
    const { user, onSearch } = renderPanel({
      initial: { ...emptySearch, mode: 'advanced' },
      geolocation: geo,
    });
    await user.type(screen.getByRole('textbox', { name: 'Distance maximale en km' }), '5');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(
        expect.objectContaining({
          distance: '5',
          position: { latitude: 18.1, longitude: -15.95 },
        }),
      ),
    );
  });

  it('without a position, the distance hint says it is not applied (no error: SPEC §8)', () => {
    renderPanel({
      initial: { ...emptySearch, mode: 'advanced', distance: '5' },
      geolocation: { position: null, settled: true, locate: vi.fn(async () => null) },
    });
    const distance = screen.getByRole('textbox', { name: 'Distance maximale en km' });
    expect(distance).toHaveAccessibleDescription(/la distance n’est pas appliquée/);
    expect(distance).toHaveAttribute('aria-invalid', 'false');
  });

  it('a town: every town listed, searched around it without asking the position', async () => {
    const geo = geolocation();
    const { user, onSearch } = renderPanel({ initial: { ...emptySearch }, geolocation: geo });
    await user.click(mode('Avancée'));
    expect(geo.locate).toHaveBeenCalledTimes(1);
    const town = screen.getByRole('combobox', { name: 'Ville' });
    const options = within(town)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toHaveLength(TOWNS.length + 1);
    expect(options.slice(0, 3)).toEqual(['Toutes les villes', 'Nouakchott', 'Nouadhibou']);
    await user.selectOptions(town, 'Rosso');
    const distance = screen.getByRole('textbox', { name: 'Distance maximale en km' });
    expect(distance).toHaveAccessibleDescription(
      'Mesurée depuis le centre de Rosso (15 km si vide)',
    );
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'advanced', town: 'rosso', position: null }),
    );
    expect(geo.locate).toHaveBeenCalledTimes(1);
  });

  it('a town chosen in a shared link: shown, in Arabic, and the position is not asked', async () => {
    const geo = geolocation();
    const { user } = renderPanel(
      { initial: { ...emptySearch, mode: 'normal', town: 'kiffa' }, geolocation: geo },
      'ar',
    );
    await user.click(mode('متقدم'));
    const town = screen.getByRole('combobox', { name: 'المدينة' });
    expect(town).toHaveDisplayValue('كيفة');
    expect(within(town).getAllByRole('option')[0]).toHaveTextContent('كل المدن');
    expect(geo.locate).not.toHaveBeenCalled();
  });

  it('so advanced: the chosen subcategory’s fields, names and values translated', async () => {
    const { user, onSearch } = renderPanel({
      initial: { ...emptySearch, mode: 'so_advanced', pcategory_id: '1' },
    });
    expect(screen.getByText(/Choisissez une sous-catégorie/)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Voitures' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sous-catégorie' }), 'Voitures');
    const fuel = await screen.findByRole('combobox', { name: 'Carburant' });
    expect(within(fuel).getByRole('option', { name: 'Essence' })).toBeInTheDocument();
    // Untranslated fields show their values as typed.
    const brand = screen.getByRole('combobox', { name: 'Marque' });
    expect(within(brand).getByRole('option', { name: 'Toyota' })).toBeInTheDocument();
    await user.selectOptions(fuel, 'Diesel');
    await user.selectOptions(brand, 'Toyota');
    await user.click(screen.getByRole('radio', { name: 'Dédouanée' }));
    await user.click(screen.getByRole('checkbox', { name: 'GPS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Climatisation' }));
    const year = screen.getByRole('group', { name: 'Année' });
    await user.type(within(year).getByRole('textbox', { name: 'De' }), '2010');
    const mileage = screen.getByRole('group', { name: 'Kilométrage (km)' });
    await user.type(within(mileage).getByRole('textbox', { name: 'À' }), '150000');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch.mock.calls[0][0].fields).toEqual({
      '1': { values: ['Toyota'], min: '', max: '' },
      '2': { values: [], min: '2010', max: '' },
      '3': { values: [], min: '', max: '150000' },
      '4': { values: ['diesel'], min: '', max: '' },
      '7': { values: ['customs_cleared'], min: '', max: '' },
      '9': { values: ['gps', 'air_conditioning'], min: '', max: '' },
    });
  });

  it('so advanced: a brand opens the list of its models, sent as pfield_{id}_sub', async () => {
    const { user, onSearch } = renderPanel({
      initial: { ...emptySearch, mode: 'so_advanced', pcategory_id: '1', psubcategory_id: '1' },
    });
    const brand = await screen.findByRole('combobox', { name: 'Marque' });
    expect(screen.queryByRole('combobox', { name: 'Modèle' })).not.toBeInTheDocument();
    await user.selectOptions(brand, 'Mercedes');
    const model = screen.getByRole('combobox', { name: 'Modèle' });
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Peu importe', '190']);
    // The list follows the brand, and a new brand forgets the old model.
    await user.selectOptions(brand, 'Toyota');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Modèle' }), 'Hilux');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch.mock.calls[0][0].fields['1']).toEqual({
      values: ['Toyota'],
      min: '',
      max: '',
      sub: 'Hilux',
    });
  });

  it('changing the subcategory clears the fields chosen for the previous one', async () => {
    const { user, onSearch } = renderPanel({
      initial: {
        ...emptySearch,
        mode: 'so_advanced',
        pcategory_id: '1',
        psubcategory_id: '1',
        fields: { '4': { values: ['diesel'], min: '', max: '' } },
      },
    });
    await screen.findByRole('combobox', { name: 'Carburant' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sous-catégorie' }), 'Motos');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(onSearch.mock.calls[0][0]).toMatchObject({ psubcategory_id: '2', fields: {} });
  });
});
