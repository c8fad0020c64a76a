import bnAuth from '../locales/bn/auth.json';
import bnCommon from '../locales/bn/common.json';
import bnErrors from '../locales/bn/errors.json';
import bnGivingValidation from '../locales/bn/giving-validation.json';
import bnStaff from '../locales/bn/staff.json';
import bnValidation from '../locales/bn/validation.json';

type Tree = { [key: string]: string | Tree };

/** Merges catalogue files whose sections share a top-level key (staff.json and errors.json both have `errors`). */
function deepMerge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = typeof value === 'object' && typeof existing === 'object' ? deepMerge({ ...existing }, value) : value;
  }
  return target;
}

/**
 * The whole Bengali catalogue, one chunk loaded only when `bn` is chosen (src/lib/i18n.ts). Each
 * file has the key structure of the `en` file it translates (giving-validation.json: of the domain's
 * texts in src/lib/giving-validation-text.ts); keys it lacks fall back to English.
 */
const catalogue: Tree = [bnCommon, bnAuth, bnErrors, bnValidation, bnGivingValidation, bnStaff].reduce<Tree>((all, part) => deepMerge(all, part as Tree), {});

export default catalogue;
