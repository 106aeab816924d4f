import { expect, it } from 'vitest';
import { describeEachEngine } from '../test/harness';
import { createProduct, createSubcategory, personalShopOf } from '../test/fixtures';

// Issue 14 item 10: the page's tags were put into the template with String.replace, which reads
// `$\``, `$&` and `$'` in the replacement as "the text before / the match / the text after":
// a product named with them pulled template HTML into its own page.

const TRICKY = "Hilux $` $& $' $$ $1";

describeEachEngine('pages: template splicing', (ctx) => {
  const page = (url: string) =>
    ctx().app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr' } });

  const expectOneTemplate = (html: string) => {
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
  };

  it('shows $` and $& of a product text as they are', async () => {
    const { user } = await ctx().userClient();
    const sub = await createSubcategory(ctx().app.db);
    const product = await createProduct(ctx().app.db, {
      shop_id: await personalShopOf(ctx().app.db, user.id),
      psubcategory_id: sub.id,
      user_id: user.id,
      name: TRICKY,
      name_fr: TRICKY,
      name_ar: TRICKY,
      more_infos_fr: `Description ${TRICKY}`,
    });
    const res = await page(`/products/product/${product.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expectOneTemplate(html);
    expect(html).toContain(`<title>Hilux $\` $&amp; $&#39; $$ $1 · Souq</title>`);
    expect(html).toContain(`content="Description Hilux $\` $&amp; $&#39; $$ $1"`);
  });

  it('shows $` and $& of the URL as they are', async () => {
    const res = await page("/market/$`/$&/$'?q=$$");
    expect(res.statusCode).toBe(200);
    expectOneTemplate(res.body);
    // The backtick reaches the server percent-encoded; $& and $' as they are.
    expect(res.body).toContain('/market/$%60/$&amp;/$&#39;?q=$$"');
  });
});
