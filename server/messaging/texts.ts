import type { Language } from '../../shared/constants';

// What the server sends by SMS and e-mail (issue 21), in the recipient's language. SMS texts end
// with the WebOTP line (`@host #code`) so that Android offers to fill the code in on the page.

export interface Mail {
  subject: string;
  text: string;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

export function resetCodeSms(language: Language, code: string, host: string, ttlMs: number) {
  const body =
    language === 'fr'
      ? `Souq : votre code pour changer de mot de passe est ${code}. Valable ${minutes(ttlMs)} minutes. Ne le donnez à personne.`
      : `سوق: رمز تغيير كلمة المرور هو ${code}. صالح لمدة ${minutes(ttlMs)} دقائق. لا تعطه لأحد.`;
  return `${body}\n\n@${host} #${code}`;
}

export function verifyCodeSms(language: Language, code: string, host: string, ttlMs: number) {
  const body =
    language === 'fr'
      ? `Souq : votre code pour vérifier ce numéro est ${code}. Valable ${minutes(ttlMs)} minutes.`
      : `سوق: رمز التحقق من هذا الرقم هو ${code}. صالح لمدة ${minutes(ttlMs)} دقائق.`;
  return `${body}\n\n@${host} #${code}`;
}

export function resetLinkMail(language: Language, link: string, ttlMs: number): Mail {
  return language === 'fr'
    ? {
        subject: 'Souq : changer votre mot de passe',
        text:
          `Bonjour,\n\nPour choisir un nouveau mot de passe, ouvrez ce lien dans les ${minutes(ttlMs)} minutes :\n\n${link}\n\n` +
          "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe ne change pas.",
      }
    : {
        subject: 'سوق: تغيير كلمة المرور',
        text:
          `مرحبا،\n\nلاختيار كلمة مرور جديدة، افتح هذا الرابط خلال ${minutes(ttlMs)} دقائق:\n\n${link}\n\n` +
          'إذا لم تطلب ذلك، تجاهل هذه الرسالة: كلمة مرورك لا تتغير.',
      };
}

/** Issue 32: one offer or demand of the recipient ends in `days` days; the link opens it. */
export function listingExpiringSms(
  language: Language,
  type: 'offer' | 'demand',
  name: string,
  days: number,
  link: string,
) {
  if (language === 'fr') {
    const what = type === 'demand' ? 'Votre demande' : 'Votre offre';
    return `Souq : ${what} « ${name} » expire dans ${days} jours. Renouvelez-la : ${link}`;
  }
  const what = type === 'demand' ? 'طلبك' : 'عرضك';
  return `سوق: ينتهي ${what} «${name}» بعد ${days} أيام. جدِّده من هنا: ${link}`;
}

/** Issue 32: several of the recipient's listings end in `days` days; the link opens "My offers". */
export function listingsExpiringSms(language: Language, count: number, days: number, link: string) {
  return language === 'fr'
    ? `Souq : ${count} de vos annonces expirent dans ${days} jours. Renouvelez-les : ${link}`
    : `سوق: ${count} من منشوراتك تنتهي بعد ${days} أيام. جدِّدها من هنا: ${link}`;
}
