import enStaff from '../locales/en/staff.json';
import { addCatalogue } from './i18n';

/** Strings of the staff area (my account, users approval, dev outbox): imported for its effect. */
addCatalogue('en', enStaff);
