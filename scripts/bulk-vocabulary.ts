// Words the generated products are made of (scripts/bulk-products.ts): what people in Mauritania
// post, in Arabic and in French, per subcategory of the seeded catalogue, with prices in MRU.
// A few very common words (Toyota, سيارة, Nouakchott…) and many rare ones (reference codes),
// so that searches of both kinds can be measured.

export interface Template {
  ar: string[];
  fr: string[];
  /** Brands or models, written the same in both languages. */
  makes?: string[];
  price: [number, number];
}

const CAR_MAKES = [
  'Toyota Hilux',
  'Toyota Land Cruiser',
  'Toyota Corolla',
  'Toyota Prado',
  'Toyota Yaris',
  'Mercedes 190',
  'Mercedes C200',
  'Hyundai Accent',
  'Hyundai Tucson',
  'Kia Picanto',
  'Nissan Navara',
  'Peugeot 406',
  'Renault Logan',
  'Mitsubishi L200',
  'Suzuki Vitara',
];

export const TEMPLATES: Record<string, Template> = {
  cars: {
    ar: ['سيارة', 'سيارة للبيع', 'عربة'],
    fr: ['Voiture', 'Véhicule', 'Auto'],
    makes: CAR_MAKES,
    price: [250_000, 4_000_000],
  },
  motorcycles: {
    ar: ['دراجة نارية', 'موتو'],
    fr: ['Moto', 'Scooter'],
    makes: ['Haojue', 'Yamaha', 'Honda', 'TVS', 'Bajaj'],
    price: [25_000, 200_000],
  },
  trucks: {
    ar: ['شاحنة', 'قلاب'],
    fr: ['Camion', 'Benne'],
    makes: ['Mercedes Actros', 'Renault Kerax', 'Volvo FH', 'MAN TGS'],
    price: [1_500_000, 9_000_000],
  },
  spare_parts: {
    ar: ['قطع غيار', 'محرك', 'إطارات', 'بطارية'],
    fr: ['Pièces détachées', 'Moteur', 'Pneus', 'Batterie'],
    makes: ['Toyota', 'Mercedes', 'Hyundai', 'Peugeot'],
    price: [2_000, 150_000],
  },
  apartments: {
    ar: ['شقة للإيجار', 'شقة مفروشة', 'شقة'],
    fr: ['Appartement à louer', 'Appartement meublé', 'Studio'],
    price: [8_000, 60_000],
  },
  houses: {
    ar: ['منزل للبيع', 'دار', 'فيلا'],
    fr: ['Maison à vendre', 'Villa', 'Maison'],
    price: [3_000_000, 40_000_000],
  },
  land: {
    ar: ['قطعة أرضية', 'أرض للبيع'],
    fr: ['Terrain', 'Parcelle'],
    price: [500_000, 15_000_000],
  },
  rooms: {
    ar: ['غرفة للإيجار', 'غرفة'],
    fr: ['Chambre à louer', 'Chambre meublée'],
    price: [3_000, 15_000],
  },
  phones: {
    ar: ['هاتف', 'جوال', 'تلفون'],
    fr: ['Téléphone', 'Smartphone', 'Portable'],
    makes: [
      'iPhone 11',
      'iPhone 13',
      'Samsung Galaxy A54',
      'Samsung S21',
      'Tecno Spark',
      'Infinix Hot',
      'Huawei P30',
      'Redmi Note 12',
    ],
    price: [3_000, 60_000],
  },
  computers: {
    ar: ['حاسوب محمول', 'كمبيوتر'],
    fr: ['Ordinateur portable', 'PC'],
    makes: ['HP EliteBook', 'Dell Latitude', 'Lenovo ThinkPad', 'MacBook Air'],
    price: [8_000, 80_000],
  },
  tvs: {
    ar: ['تلفزيون', 'شاشة'],
    fr: ['Télévision', 'Écran'],
    makes: ['Samsung', 'LG', 'TCL', 'Hisense'],
    price: [5_000, 40_000],
  },
  appliances: {
    ar: ['ثلاجة', 'مكيف', 'غسالة', 'فرن'],
    fr: ['Réfrigérateur', 'Climatiseur', 'Machine à laver', 'Cuisinière'],
    makes: ['Samsung', 'LG', 'Condor', 'Beko'],
    price: [6_000, 45_000],
  },
  furniture: {
    ar: ['صالون', 'سرير', 'خزانة', 'طاولة'],
    fr: ['Salon', 'Lit', 'Armoire', 'Table'],
    price: [3_000, 60_000],
  },
  melhfa: {
    ar: ['ملحفة', 'ملحفة شكة', 'ملحفة قطن'],
    fr: ['Melhfa', 'Voile melhfa', 'Melhfa en coton'],
    price: [800, 6_000],
  },
  daraa: {
    ar: ['دراعة', 'دراعة بزاه', 'دراعة مطرزة'],
    fr: ['Boubou daraa', 'Daraa brodée'],
    price: [1_500, 12_000],
  },
  camels: {
    ar: ['جمل', 'ناقة', 'قعود', 'إبل'],
    fr: ['Chameau', 'Chamelle', 'Dromadaire'],
    price: [60_000, 400_000],
  },
  goats_sheep: {
    ar: ['كبش', 'خروف', 'ماعز', 'غنم'],
    fr: ['Mouton', 'Bélier', 'Chèvre'],
    price: [4_000, 25_000],
  },
  dates: {
    ar: ['تمر', 'تمر أطار', 'تمر مجهول'],
    fr: ['Dattes', "Dattes de l'Adrar"],
    price: [200, 3_000],
  },
  meat_fish: {
    ar: ['سمك', 'لحم', 'لحم إبل'],
    fr: ['Poisson frais', 'Viande', 'Viande de chameau'],
    price: [150, 2_500],
  },
  perfumes: {
    ar: ['عطر', 'بخور', 'عود'],
    fr: ['Parfum', 'Encens', 'Oud'],
    price: [300, 8_000],
  },
  tea_sets: {
    ar: ['طقم أتاي', 'براد', 'كؤوس شاي'],
    fr: ['Service à thé', 'Théière', 'Verres à thé'],
    price: [500, 6_000],
  },
  tents_khaima: {
    ar: ['خيمة', 'خيمة تقليدية'],
    fr: ['Tente', 'Khaïma traditionnelle'],
    price: [20_000, 150_000],
  },
  solar_energy: {
    ar: ['لوح شمسي', 'طاقة شمسية', 'بطارية'],
    fr: ['Panneau solaire', 'Kit solaire', 'Batterie solaire'],
    price: [4_000, 90_000],
  },
  home_repairs: {
    ar: ['سباك', 'كهربائي', 'صباغ'],
    fr: ['Plombier', 'Électricien', 'Peintre'],
    price: [500, 10_000],
  },
  transport_moving: {
    ar: ['نقل بضائع', 'ترحيل'],
    fr: ['Transport', 'Déménagement'],
    price: [2_000, 50_000],
  },
  lessons_tutoring: {
    ar: ['دروس خصوصية', 'تدريس القرآن', 'دروس الرياضيات'],
    fr: ['Cours particuliers', 'Cours de maths', 'Cours de français'],
    price: [1_000, 8_000],
  },
};

export const GENERIC: Template = {
  ar: ['للبيع', 'عرض خاص', 'جديد'],
  fr: ['À vendre', 'Offre spéciale', 'Neuf'],
  price: [500, 100_000],
};

export const ADJECTIVES = {
  ar: ['نظيف', 'جديد', 'مستعمل', 'بحالة ممتازة', 'بسعر مناسب', 'أصلي', 'ممتاز'],
  fr: ['propre', 'neuf', 'occasion', 'très bon état', 'prix intéressant', 'original', 'excellent'],
};

export const SENTENCES = {
  ar: [
    'السعر قابل للتفاوض',
    'في حالة ممتازة',
    'التوصيل متاح داخل نواكشوط',
    'اتصل على الواتساب',
    'للجادين فقط',
    'الدفع نقدا أو عن طريق بنكيلي',
    'متوفر في تفرغ زينة',
    'متوفر في لكصر',
    'الضمان ستة أشهر',
    'قادم من دبي',
  ],
  fr: [
    'Prix à débattre',
    'Très bon état',
    'Livraison possible à Nouakchott',
    'Contactez-moi sur WhatsApp',
    'Sérieux uniquement',
    'Paiement cash ou Bankily',
    'Disponible à Tevragh Zeina',
    'Disponible au Ksar',
    'Garantie six mois',
    'Arrivage de Dubaï',
  ],
};

/** Towns with their centre, and how many of the products are there (weights). */
export const TOWNS = [
  { name: 'Nouakchott', latitude: 18.0858, longitude: -15.9785, spreadKm: 12, weight: 60 },
  { name: 'Nouadhibou', latitude: 20.9419, longitude: -17.0347, spreadKm: 6, weight: 12 },
  { name: 'Rosso', latitude: 16.5138, longitude: -15.805, spreadKm: 4, weight: 6 },
  { name: 'Kiffa', latitude: 16.6201, longitude: -11.4042, spreadKm: 4, weight: 6 },
  { name: 'Kaédi', latitude: 16.1503, longitude: -13.505, spreadKm: 3, weight: 5 },
  { name: 'Zouérate', latitude: 22.7354, longitude: -12.4712, spreadKm: 3, weight: 4 },
  { name: 'Atar', latitude: 20.5169, longitude: -13.0499, spreadKm: 3, weight: 4 },
  { name: 'Néma', latitude: 16.6167, longitude: -7.25, spreadKm: 3, weight: 3 },
];

export const FIRST_NAMES = [
  'Mohamed',
  'Ahmed',
  'Sidi',
  'Cheikh',
  'Brahim',
  'Moussa',
  'Mariem',
  'Fatimetou',
  'Aïcha',
  'Khadijetou',
  'Oumar',
  'Vatimetou',
];
export const LAST_NAMES = [
  'Ould Ahmed',
  'Ould Sidi',
  'Mint Mohamed',
  'Ba',
  'Sow',
  'Diallo',
  'Ould Cheikh',
  'Mint Brahim',
  'Kane',
  'Ould Moussa',
];
export const SHOP_WORDS = {
  kinds: ['Boutique', 'Garage', 'Agence', 'Dépôt', 'Marché', 'Maison', 'Comptoir'],
  names: ['El Baraka', 'Ennour', 'Essalam', 'Chinguetti', 'Adrar', 'Sahel', 'Tiris', 'El Amal'],
};
