// Every fixed Polish text the spec gives, so screens and tests quote the same words.
export const TEXT = {
  wait: 'Chwileczkę...',
  authCheck: 'Aplikacja aktualnie wczytuje wszystkie potrzebne informacje do autoryzacji...',
  componentsLoading: 'Aplikacja aktualnie wczytuje wszystkie potrzebne komponenty...',
  loading: 'Komunikacja z serwerem w toku. Chwileczkę...',
  success: 'Operacja została zakończona :)',
  forbidden: 'Nie masz uprawnień do tej operacji.',
  readOnly: 'Tylko podgląd: Twoje konto nie może zmieniać tych danych.',
  invalid: 'Popraw dane w formularzu, gdyż wystąpił błąd.',
  error: 'Wystąpił błąd! Sprawdź przekazane dane i ponów próbę.',
  // The server's 503 reasons, shown instead of `error` (the data sent is not at fault); the
  // server's own description is shown when it sends one.
  databaseUnavailable: 'Baza danych nie odpowiada. Spróbuj ponownie za chwilę.',
  migrationsPending: 'Baza danych nie ma najnowszych migracji: uruchom smogpanel init.',
  serviceBusy: 'Serwer jest chwilowo przeciążony zapisami. Spróbuj ponownie za chwilę.',
  tableLoading: 'Wczytywanie...',
  tableEmpty: 'Dodaj nowy element do listy za pomocą operacji w nagłówku.',
  noResults: (q) => `Brak wyników dla „${q}”`,
  view: 'Podgląd',
  confirmTitle: 'Potwierdzenie usunięcia',
  confirmBody:
    'Czy na pewno chcesz usunąć ten element? Zniknie on wszędzie tam, gdzie jest używany. ' +
    'Usunięcia nie można cofnąć z poziomu panelu, a przywrócić element może wyłącznie administrator systemu. ' +
    // SPEC 2.1's sentence above stays; the panel's super administrators can restore too (history)
    'Superadministratorzy panelu mogą go przywrócić z ekranu „Historia zmian”.',
  confirmYes: 'Tak, chcę.',
  confirmNo: 'Nie, nie chcę.',
  selfDelete: 'Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!',
  footer: 'System dumnie rozwijany w Krakowie',
  operations: 'Operacje',
  edit: 'Edytuj',
  delete: 'Usuń',
  save: 'Zapisz',
  cancel: 'Anuluj',
  close: 'Zamknij',
  embedTitle: 'Kod do osadzenia',
  embedSnippet: 'Fragment kodu HTML do wklejenia na stronę',
  embedCopy: 'Kopiuj kod',
  embedCopied: 'Skopiowano do schowka.',
  embedSize: 'Rozmiar (px)',
  embedFullWidth: 'Pełna szerokość (100% szerokości strony, rozmiar jako minimum)',
  embedLink: 'Link po kliknięciu w widżet (opcjonalnie)',
  embedLinkHelp: 'Pełny adres zaczynający się od https:// albo http://. Kliknięcie w widżet przeniesie na tę stronę.',
  embedLinkInvalid: 'To nie jest poprawny adres http(s) – nie zostanie dodany do kodu.',
  embedPreview: 'Podgląd',
};
