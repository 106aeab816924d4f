import type { LexiconRow } from './row';

// Hassaniya and local words in the Latin spellings people type, with their Arabic and French
// (catalogue: traditional_items, musical_instruments, food).
export const LOCAL: readonly LexiconRow[] = [
  ['ملحفة|ملاحف', '', 'melhfa|melhfas|melahfa|mlahfa|malhfa'],
  ['دراعة|دراعات|دراريع|بوبو', 'boubou|boubous', 'daraa|daraas|draa|deraa'],
  ['فوال', 'voile'],
  ['خنط', '', 'khent|khant'],
  ['بازان|بازين', '', 'bazin|basin'],
  ['براد|براريد', 'théière|théières', 'berrad|barrad'],
  ['كأس الشاي|كؤوس الشاي', 'verre à thé|verres à thé'],
  ['صينية|صواني|صواني الشاي', 'plateau à thé|plateaux à thé', 'siniya'],
  ['مجمر|مجامر|مجمر الفحم', 'brasero|braseros|fourneau à charbon', 'mijmar'],
  ['خيمة|خيام', 'tente|tentes', 'khaima|khayma'],
  ['تيدينيت', '', 'tidinit|tidinitt'],
  ['آردين', '', 'ardin|ardine'],
  ['طبل|طبول', 'tambour|tambours', 'tbal'],
  ['عود|خشب العود', 'oud|bois de oud'],
  ['بخور|بخور معطر', 'encens', 'bakhour|bakhoor|bkhour'],
  ['حناء|حنة', 'henné', 'henna'],
  ['زريك', '', 'zrig'],
  ['محظرة|محاظر', '', 'mahadra|mahdhara'],
  ['كيطنة', '', 'guetna|gueitna'],
  ['قربة', 'outre|outres', 'guerba'],
  ['بادية', 'brousse|campagne', 'badia|badiya'],
  ['أدوات الشاي|طقم شاي|أطقم شاي|أطقم شاي كاملة', 'service à thé|services à thé'],
  ['كزرة|كزرات', '', 'gazra|gazras'],
];
