import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aUser, clientWith } from './components/product-fixtures.test-support';
import { renderWithApp } from '../../test/render';
import { ProductForm } from './product-form';
import { choose, FakeXhr, renderForm, serve, fakeXhrInEachTest } from './product-form.test-support';

// The offer and demand form: what a subcategory allows, its fields, the checks before sending,
// what is posted (fields, languages, digits, models), the shops to post for.

fakeXhrInEachTest();

describe('ProductForm', () => {
  it('asks for the subcategory first, then shows only what it allows', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    expect(screen.queryByLabelText('Titre de l’annonce en français')).not.toBeInTheDocument();
    await choose(user, 'Voitures');
    expect(screen.getByLabelText('Titre de l’annonce en français')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prix/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Type d’offre' })).toBeInTheDocument();
    expect(screen.getByLabelText('Occasion')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre disponible')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Livraison')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sous-catégorie' }), 'Dattes');
    await waitFor(() => expect(screen.getByLabelText('Nombre disponible')).toBeInTheDocument());
    expect(screen.queryByLabelText(/^Prix/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Type d’offre' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Occasion')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Livraison')).toBeInTheDocument();
  });

  it('shows the subcategory’s fields by type, with translated values and units', async () => {
    const user = userEvent.setup();
    serve();
    renderForm();
    await choose(user, 'Voitures');
    const fuel = await screen.findByRole('combobox', { name: /Carburant/ });
    expect(
      within(fuel)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Non précisé', 'Essence', 'Diesel']);
    expect(screen.getByRole('textbox', { name: /Kilométrage \(km\)/ })).toBeInTheDocument();
    const customs = screen.getByRole('group', { name: /Dédouanement/ });
    expect(within(customs).getAllByRole('radio')).toHaveLength(3);
    const features = screen.getByRole('group', { name: /Équipements/ });
    expect(within(features).getByRole('checkbox', { name: 'GPS' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Toyota' })).toBeInTheDocument();
  });

  it('checks in the browser before sending: name required, bad price', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText(/^Prix/), '-5');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    const name = screen.getByLabelText('Titre de l’annonce en français');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/^Prix/)).toHaveAccessibleDescription('Valeur incorrecte');
    expect(FakeXhr.last).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('posts the allowed fields and extra fields as a form, then opens the new offer', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = { status: 201, body: { product: { id: 77 } } };
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux');
    await user.type(screen.getByLabelText(/^Prix/), '450000');
    await user.selectOptions(await screen.findByRole('combobox', { name: /Carburant/ }), 'Diesel');
    await user.click(screen.getByRole('checkbox', { name: 'GPS' }));
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    const sent = FakeXhr.last!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/products/create/offer');
    const body = Object.fromEntries(sent.body!.entries());
    expect(body).toMatchObject({
      psubcategory_id: '10',
      name: 'Hilux',
      price: '450000',
      negotiable: 'no',
      used: 'no',
      offer_type: 'sale',
      contact_methods: '["call","whatsapp"]',
      pfield_1: 'diesel',
      pfield_2: '',
      pfield_4: '["gps"]',
    });
    expect(body).not.toHaveProperty('number');
    expect(body).not.toHaveProperty('delivery');
  });

  it('takes Arabic-Indic digits and separators in number inputs (issue 35 item 3)', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = { status: 201, body: { product: { id: 80 } } };
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux');
    const price = screen.getByRole('textbox', { name: /^Prix/ });
    // A text input with a number keyboard: a number input would hold '' for these digits.
    expect(price).toHaveAttribute('type', 'text');
    expect(price).toHaveAttribute('inputmode', 'numeric');
    await user.type(price, '٢٥٠٠٠٠٠');
    expect(price).toHaveValue('٢٥٠٠٠٠٠');
    await user.type(screen.getByRole('textbox', { name: /Kilométrage/ }), '١٦٨٬٠٠٠');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    expect(price).not.toHaveAttribute('aria-invalid', 'true');
    // Sent as typed; the server reads it with the same rule (shared/domain/numbers.ts).
    expect(Object.fromEntries(FakeXhr.last!.body!.entries())).toMatchObject({
      price: '٢٥٠٠٠٠٠',
      pfield_2: '١٦٨٬٠٠٠',
    });
    // Typing a form's worth of keys takes seconds on this shared CPU.
  }, 20_000);

  it('takes Arabic-Indic digits in the Arabic form too (issue 35 item 3)', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = { status: 201, body: { product: { id: 81 } } };
    renderWithApp(
      <Routes>
        <Route path="/" element={<ProductForm type="offer" me={aUser()} />} />
        <Route path="/products/product/:id" element={<p>page du produit</p>} />
      </Routes>,
      { queryClient: clientWith(aUser()), language: 'ar' },
    );
    const category = await screen.findByRole('combobox', { name: 'الفئة' });
    await within(category).findByRole('option', { name: 'مركبات' });
    await user.selectOptions(category, 'مركبات');
    const subSelect = screen.getByRole('combobox', { name: 'الفئة الفرعية' });
    await waitFor(() => expect(within(subSelect).getAllByRole('option').length).toBeGreaterThan(1));
    await user.selectOptions(subSelect, '10');
    await user.type(await screen.findByRole('textbox', { name: 'اسم العرض بالعربية' }), 'هايلوكس');
    const price = screen.getByRole('textbox', { name: /^السعر/ });
    await user.type(price, '٤٥٠٠٠٠');
    await user.click(screen.getByRole('button', { name: 'نشر' }));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    expect(Object.fromEntries(FakeXhr.last!.body!.entries())).toMatchObject({
      price: '٤٥٠٠٠٠',
      name: 'هايلوكس',
      name_ar: 'هايلوكس',
      name_fr: '',
    });
    // Typing a form's worth of keys takes seconds on this shared CPU.
  }, 20_000);

  it('asks for a title per language and stores each in its language (issue 35 item 2)', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = { status: 201, body: { product: { id: 82 } } };
    renderForm();
    await choose(user, 'Voitures');
    // The interface's language first and required, the other optional, each labelled by language.
    const french = screen.getByRole('textbox', { name: 'Titre de l’annonce en français' });
    const arabic = screen.getByRole('textbox', {
      name: /^Titre de l’annonce en arabe.*facultatif/,
    });
    expect(french).toHaveAttribute('lang', 'fr');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    // Two titles in one language: the form asks under the misplaced one and sends nothing.
    await user.type(french, 'Villa');
    await user.type(arabic, 'Maison');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(
      await screen.findByText(
        'Les deux titres sont écrits en français : ce champ attend le titre en arabe.',
      ),
    ).toBeVisible();
    expect(FakeXhr.last).toBeNull();
    // An Arabic title typed in the French field is an Arabic title, never a French one.
    await user.clear(arabic);
    await user.clear(french);
    await user.type(french, 'تويوتا هيلوكس');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    expect(Object.fromEntries(FakeXhr.last!.body!.entries())).toMatchObject({
      name: 'تويوتا هيلوكس',
      name_ar: 'تويوتا هيلوكس',
      name_fr: '',
    });
  }, 20_000);

  it('lists the models of the chosen brand, and sends the model beside it', async () => {
    const user = userEvent.setup();
    serve();
    FakeXhr.answer = { status: 201, body: { product: { id: 78 } } };
    renderForm();
    await choose(user, 'Voitures');
    await user.type(screen.getByLabelText('Titre de l’annonce en français'), 'Hilux');
    const brand = await screen.findByRole('combobox', { name: /Marque/ });
    expect(screen.queryByRole('combobox', { name: /Modèle/ })).not.toBeInTheDocument();
    await user.selectOptions(brand, 'Toyota');
    const models = () =>
      within(screen.getByRole('combobox', { name: /Modèle/ }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(models()).toEqual(['Non précisé', 'Hilux', 'Corolla']);
    await user.selectOptions(screen.getByRole('combobox', { name: /Modèle/ }), 'Corolla');
    // Another brand: its own models, and the old brand's model is forgotten.
    await user.selectOptions(brand, 'Peugeot');
    expect(models()).toEqual(['Non précisé', '206']);
    expect(screen.getByRole('combobox', { name: /Modèle/ })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: /Modèle/ }), '206');
    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('page du produit')).toBeInTheDocument();
    const body = Object.fromEntries(FakeXhr.last!.body!.entries());
    expect(body).toMatchObject({ pfield_5: 'Peugeot', pfield_5_sub: '206' });
    // Fields whose value opens no sub-field send none.
    expect(body).not.toHaveProperty('pfield_1_sub');
  });

  it('lists the personal shop once under “Publier au nom de” (issue 20 item 14)', async () => {
    serve();
    const personal = aUser().shops[0];
    const pro = { ...personal, id: 12, name: 'Garage Ennour', is_professional: true };
    renderForm(
      'offer',
      aUser({ shops: [personal, { ...pro, pivot: { role: 'admin' as const } }] }),
    );
    const select = await screen.findByRole('combobox', { name: 'Publier au nom de' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ma boutique personnelle', 'Garage Ennour']);
  });

  it('asks a demand for its distance and its demanded number', async () => {
    const user = userEvent.setup();
    serve();
    renderForm('demand');
    await choose(user, 'Dattes');
    expect(await screen.findByLabelText('Nombre demandé')).toBeInTheDocument();
    expect(screen.getByLabelText(/Distance maximale/)).toBeInTheDocument();
    expect(screen.getByLabelText('Demande privée')).toBeInTheDocument();
  });

  it.each([
    {
      language: 'fr' as const,
      type: 'Type de demande',
      offerType: 'Type d’offre',
      budget: /^Budget/,
    },
    { language: 'ar' as const, type: 'نوع الطلب', offerType: 'نوع العرض', budget: /^الميزانية/ },
  ])(
    'words a demand as a demand in $language: its type, its budget (issue 35 item 6)',
    async (words) => {
      const user = userEvent.setup();
      serve();
      renderWithApp(
        <Routes>
          <Route path="/" element={<ProductForm type="demand" me={aUser()} />} />
        </Routes>,
        { queryClient: clientWith(aUser()), language: words.language },
      );
      const category = (await screen.findAllByRole('combobox'))[0]!;
      await waitFor(() =>
        expect(within(category).getAllByRole('option').length).toBeGreaterThan(1),
      );
      await user.selectOptions(category, '1');
      const subSelect = screen.getAllByRole('combobox')[1]!;
      await waitFor(() =>
        expect(within(subSelect).getAllByRole('option').length).toBeGreaterThan(1),
      );
      await user.selectOptions(subSelect, '10');
      expect(await screen.findByRole('combobox', { name: words.type })).toBeInTheDocument();
      expect(screen.queryByRole('combobox', { name: words.offerType })).not.toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: words.budget })).toBeInTheDocument();
    },
  );
});
