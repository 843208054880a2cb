// Form fields several plugins' records share.

/**
 * The internal name of a publicly viewable record (a map's, a ranking's...): part of its public
 * address, chosen when creating and never changed. `of`: the record in the genitive ('mapy');
 * `view`: the public kind when the address is /view/<kind>/… (said in the help).
 */
export function internalNameField({ of, view }) {
  const where = view ? ` (/view/${view}/…)` : '';
  return {
    name: 'internal_name',
    label: 'Nazwa wewnętrzna',
    required: true,
    createOnly: true,
    help: `Część publicznego adresu ${of}${where}: małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić.`,
  };
}
