// Issue 17 item 9, grown by issue 30 item 2: the public query set (docs/search-quality.md). Each
// offer is written in ONE language; each query lists the offers a buyer means by it, by group.
// search-quality.test.ts posts the offers and asserts recall and precision per group.

export type Sub =
  | 'cars'
  | 'motorcycles'
  | 'trucks'
  | 'phones'
  | 'computers'
  | 'multimedia_accessories'
  | 'appliances'
  | 'furniture'
  | 'kitchenware'
  | 'bedding_linen'
  | 'household_staff'
  | 'goats_sheep'
  | 'houses'
  | 'apartments'
  | 'land'
  | 'women_clothing'
  | 'men_clothing'
  | 'lessons_tutoring';

export const OFFERS = {
  car_ar: { sub: 'cars', name: 'سيارة تويوتا هيلوكس نظيفة' },
  car_ar2: { sub: 'cars', name: 'مرسيدس 190 بحالة جيدة' },
  car_fr: { sub: 'cars', name: 'Voiture Toyota Corolla très propre' },
  car_fr2: { sub: 'cars', name: 'Hyundai Accent climatisée' },
  honda_ar: { sub: 'cars', name: 'هوندا سيفيك للبيع' },
  moto_ar: { sub: 'motorcycles', name: 'دراجة نارية ياماها' },
  moto_fr: { sub: 'motorcycles', name: 'Moto Yamaha 125' },
  honda_fr: { sub: 'motorcycles', name: 'Moto Honda 150 neuve' },
  truck_ar: { sub: 'trucks', name: 'شاحنة نقل بضائع' },
  truck_fr: { sub: 'trucks', name: 'Camion benne 10 tonnes' },
  phone_ar: { sub: 'phones', name: 'هاتف سامسونج جالاكسي' },
  phone_fr: { sub: 'phones', name: 'Téléphone iPhone 13 débloqué' },
  charger_ar: { sub: 'multimedia_accessories', name: 'شاحن سريع أصلي' },
  charger_fr: { sub: 'multimedia_accessories', name: 'Chargeur rapide USB-C' },
  pc_ar: { sub: 'computers', name: 'حاسوب محمول ديل' },
  pc_fr: { sub: 'computers', name: 'Ordinateur portable HP' },
  fridge_ar: { sub: 'appliances', name: 'ثلاجة كبيرة' },
  fridge_fr: { sub: 'appliances', name: 'Réfrigérateur Samsung' },
  washer_ar: { sub: 'appliances', name: 'غسالة أوتوماتيكية' },
  washer_fr: { sub: 'appliances', name: 'Machine à laver LG' },
  clim_fr: { sub: 'appliances', name: 'Climatiseur split 12000 BTU' },
  sofa_ar: { sub: 'furniture', name: 'أريكة جلد' },
  sofa_fr: { sub: 'furniture', name: 'Canapé trois places' },
  wardrobe_fr: { sub: 'furniture', name: 'Armoire en bois massif' },
  pot_fr: { sub: 'kitchenware', name: 'Marmite inox 20 litres' },
  sheets_fr: { sub: 'bedding_linen', name: 'Draps en coton' },
  maid_ar: { sub: 'household_staff', name: 'خادمة ذات خبرة' },
  maid_fr: { sub: 'household_staff', name: 'Femme de ménage sérieuse' },
  sheep_ar: { sub: 'goats_sheep', name: 'خروف للعيد' },
  sheep_fr: { sub: 'goats_sheep', name: 'Moutons de race' },
  goat_ar: { sub: 'goats_sheep', name: 'ماعز حلوب' },
  goat_fr: { sub: 'goats_sheep', name: 'Chèvre laitière' },
  house_ar: { sub: 'houses', name: 'منزل واسع في لكصر' },
  house_fr: { sub: 'houses', name: 'Maison avec cour à Teyarett' },
  villa_fr: { sub: 'houses', name: 'Villa moderne avec piscine' },
  flat_ar: { sub: 'apartments', name: 'شقة للإيجار في تفرغ زينة' },
  flat_fr: { sub: 'apartments', name: 'Appartement à louer Tevragh Zeina' },
  flat_rosso: { sub: 'apartments', name: 'شقة في روصو' },
  land_ar: { sub: 'land', name: 'قطعة أرضية في عرفات' },
  land_fr: { sub: 'land', name: 'Terrain à vendre Arafat' },
  land_ndb: { sub: 'land', name: 'Terrain à Nouadhibou' },
  land_dn: { sub: 'land', name: 'قطعة أرضية في دار النعيم' },
  house_dn: { sub: 'houses', name: 'دار للبيع في دار النعيم' },
  melhfa_ar: { sub: 'women_clothing', name: 'ملحفة نسائية' },
  melhfa_fr: { sub: 'women_clothing', name: 'Melhfa voile légère' },
  dress_ar: { sub: 'women_clothing', name: 'فستان سهرة' },
  daraa_ar: { sub: 'men_clothing', name: 'دراعة رجالية بازان' },
  daraa_fr: { sub: 'men_clothing', name: 'Boubou homme brodé' },
  shirt_fr: { sub: 'men_clothing', name: 'Chemise en lin' },
  // Lessons given at home: "at home" (à domicile, في المنزل, في البيت) is not a house.
  lessons_fr: { sub: 'lessons_tutoring', name: 'Cours particuliers de maths à domicile' },
  lessons_ar: { sub: 'lessons_tutoring', name: 'دروس خصوصية في المنزل' },
  lessons_ar2: { sub: 'lessons_tutoring', name: 'دروس تقوية في البيت' },
} satisfies Record<string, { sub: Sub; name: string }>;
export type Label = keyof typeof OFFERS;

export const CARS: Label[] = ['car_ar', 'car_ar2', 'car_fr', 'car_fr2', 'honda_ar'];
export const TOYOTAS: Label[] = ['car_ar', 'car_fr'];
export const MOTOS: Label[] = ['moto_ar', 'moto_fr', 'honda_fr'];
export const YAMAHAS: Label[] = ['moto_ar', 'moto_fr'];
export const HONDAS: Label[] = ['honda_ar', 'honda_fr'];
export const TRUCKS: Label[] = ['truck_ar', 'truck_fr'];
export const VEHICLES: Label[] = [...CARS, ...MOTOS, ...TRUCKS];
export const PHONES: Label[] = ['phone_ar', 'phone_fr'];
export const CHARGERS: Label[] = ['charger_ar', 'charger_fr'];
export const PCS: Label[] = ['pc_ar', 'pc_fr'];
export const FRIDGES: Label[] = ['fridge_ar', 'fridge_fr'];
export const WASHERS: Label[] = ['washer_ar', 'washer_fr'];
export const APPLIANCES: Label[] = [...FRIDGES, ...WASHERS, 'clim_fr'];
export const SOFAS: Label[] = ['sofa_ar', 'sofa_fr'];
export const FURNITURE: Label[] = [...SOFAS, 'wardrobe_fr'];
export const MAIDS: Label[] = ['maid_ar', 'maid_fr'];
export const SHEEP: Label[] = ['sheep_ar', 'sheep_fr'];
export const GOATS: Label[] = ['goat_ar', 'goat_fr'];
export const HOUSES: Label[] = ['house_ar', 'house_fr', 'villa_fr', 'house_dn'];
export const FLATS: Label[] = ['flat_ar', 'flat_fr', 'flat_rosso'];
export const LANDS: Label[] = ['land_ar', 'land_fr', 'land_ndb', 'land_dn'];
export const PROPERTY: Label[] = [...HOUSES, ...FLATS, ...LANDS];
export const MELHFAS: Label[] = ['melhfa_ar', 'melhfa_fr'];
export const DARAAS: Label[] = ['daraa_ar', 'daraa_fr'];
export const CLOTHES: Label[] = [...MELHFAS, 'dress_ar', ...DARAAS, 'shirt_fr'];
export const LESSONS: Label[] = ['lessons_fr', 'lessons_ar', 'lessons_ar2'];
export const SAMSUNGS: Label[] = ['phone_ar', 'fridge_fr'];

/** Query → the offers a buyer means by it, by group (issue 17's groups). */
export const FIRST_GROUPS: Record<string, [string, Label[]][]> = {
  'Arabic morphology': [
    ['سيارة', CARS],
    ['سيارات', CARS],
    ['السيارة', CARS],
    ['السيارات', CARS],
    ['بالسيارة', CARS],
    ['وسيارة', CARS],
    ['هاتف', PHONES],
    ['الهاتف', PHONES],
    ['هواتف', PHONES],
    ['الهواتف', PHONES],
    ['ثلاجة', FRIDGES],
    ['الثلاجة', FRIDGES],
    ['ثلاجات', FRIDGES],
    ['غسالة', WASHERS],
    ['غسالات', WASHERS],
    ['حاسوب', PCS],
    ['الحاسوب', PCS],
    ['حواسيب', PCS],
    ['خروف', SHEEP],
    ['خرفان', SHEEP],
    ['الخروف', SHEEP],
    ['ماعز', GOATS],
    ['شقة', FLATS],
    ['شقق', FLATS],
    ['الشقة', FLATS],
    ['دراجة', MOTOS],
    ['دراجات نارية', MOTOS],
    ['أريكة', SOFAS],
    ['ارائك', SOFAS],
    ['ملحفة', MELHFAS],
    ['ملاحف', MELHFAS],
    ['قطعة أرضية', LANDS],
    ['أرض', LANDS],
    ['شاحنات', TRUCKS],
    ['الشاحنة', TRUCKS],
  ],
  'French morphology': [
    ['voiture', CARS],
    ['voitures', CARS],
    ['la voiture', CARS],
    ['téléphone', PHONES],
    ['telephones', PHONES],
    ['le téléphone', PHONES],
    ['réfrigérateur', FRIDGES],
    ['réfrigérateurs', FRIDGES],
    ['frigo', FRIDGES],
    ['frigos', FRIDGES],
    ['ordinateur', PCS],
    ['ordinateurs', PCS],
    ["l'ordinateur", PCS],
    ['mouton', SHEEP],
    ['moutons', SHEEP],
    ['chèvre', GOATS],
    ['chèvres', GOATS],
    ['appartement', FLATS],
    ['appartements', FLATS],
    ["l'appartement", FLATS],
    ['terrain', LANDS],
    ['terrains', LANDS],
    ['canapé', SOFAS],
    ['canapés', SOFAS],
    ['moto', MOTOS],
    ['motos', MOTOS],
    ['machine à laver', WASHERS],
    ['machines à laver', WASHERS],
    ['appartements à louer', FLATS],
    ['voitures toyota', TOYOTAS],
    ['camions', TRUCKS],
    ['chargeurs', CHARGERS],
  ],
  'cross-language': [
    ['voiture', CARS],
    ['سيارة', CARS],
    ['téléphone', PHONES],
    ['هاتف', PHONES],
    ['ثلاجة', FRIDGES],
    ['réfrigérateur', FRIDGES],
    ['خروف', SHEEP],
    ['mouton', SHEEP],
    ['ماعز', GOATS],
    ['chèvre', GOATS],
    ['حاسوب', PCS],
    ['ordinateur', PCS],
    ['غسالة', WASHERS],
    ['machine à laver', WASHERS],
    ['شقة', FLATS],
    ['appartement', FLATS],
    ['أرض', LANDS],
    ['terrain', LANDS],
    ['أريكة', SOFAS],
    ['canapé', SOFAS],
    ['دراجة نارية', MOTOS],
    ['moto', MOTOS],
    ['frigo', FRIDGES],
    ['portable', [...PHONES, ...PCS]],
    ['camion', TRUCKS],
    ['شاحنة', TRUCKS],
    ['chargeur', CHARGERS],
    ['شاحن', CHARGERS],
    ['منزل', HOUSES],
    ['maison', HOUSES],
    ['فستان', ['dress_ar']],
    ['robe', ['dress_ar']],
    ['قميص', ['shirt_fr']],
    ['خادمة', MAIDS],
    ['مكيف', ['clim_fr']],
    ['قدر', ['pot_fr']],
  ],
  'cross-script': [
    ['toyota', TOYOTAS],
    ['تويوتا', TOYOTAS],
    ['samsung', SAMSUNGS],
    ['سامسونج', SAMSUNGS],
    ['yamaha', YAMAHAS],
    ['ياماها', YAMAHAS],
    ['hilux', ['car_ar']],
    ['هيلوكس', ['car_ar']],
    ['mercedes', ['car_ar2']],
    ['مرسيدس', ['car_ar2']],
    ['iphone', ['phone_fr']],
    ['ايفون', ['phone_fr']],
    ['corolla', ['car_fr']],
    ['كورولا', ['car_fr']],
    ['hyundai', ['car_fr2']],
    ['هيونداي', ['car_fr2']],
    ['dell', ['pc_ar']],
    ['ديل', ['pc_ar']],
    ['galaxy', ['phone_ar']],
    ['lg', ['washer_fr']],
    ['honda', HONDAS],
    ['هوندا', HONDAS],
    ['civic', ['honda_ar']],
  ],
  places: [
    ['tevragh zeina', ['flat_ar', 'flat_fr']],
    ['تفرغ زينة', ['flat_ar', 'flat_fr']],
    ['arafat', ['land_ar', 'land_fr']],
    ['عرفات', ['land_ar', 'land_fr']],
    ['nouadhibou', ['land_ndb']],
    ['نواذيبو', ['land_ndb']],
    ['rosso', ['flat_rosso']],
    ['روصو', ['flat_rosso']],
    ['terrain arafat', ['land_ar', 'land_fr']],
    ['شقة تفرغ زينة', ['flat_ar', 'flat_fr']],
    ['appartement rosso', ['flat_rosso']],
    ['terrain nouadhibou', ['land_ndb']],
    ['dar naim', ['land_dn', 'house_dn']],
    ['دار النعيم', ['land_dn', 'house_dn']],
    ['teyarett', ['house_fr']],
    ['تيارت', ['house_fr']],
    ['ksar', ['house_ar']],
  ],
  'local words': [
    ['melhfa', MELHFAS],
    ['melhfas', MELHFAS],
    ['ملحفة', MELHFAS],
    ['daraa', DARAAS],
    ['دراعة', DARAAS],
    ['boubou', DARAAS],
    ['bazin', ['daraa_ar']],
    ['بازان', ['daraa_ar']],
    ['haouli', SHEEP],
    ['kharouf', SHEEP],
  ],
  typos: [
    ['toyata', TOYOTAS],
    ['تيوتا', TOYOTAS],
    ['mercedez', ['car_ar2']],
    ['voitrue', CARS],
    ['telephonne', PHONES],
    ['refrigirateur', FRIDGES],
    ['ordinatuer', PCS],
    ['hyundia', ['car_fr2']],
    ['samsnug', SAMSUNGS],
    ['appartemant', FLATS],
    ['yamahaa', YAMAHAS],
    ['corrola', ['car_fr']],
    ['nouadibou', ['land_ndb']],
    ['melhafa', MELHFAS],
  ],
};
