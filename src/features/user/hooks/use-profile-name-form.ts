import { useForm } from 'react-hook-form';
import { profileFormSchema } from '../../../../domain/validation/users';
import { catalogueResolver } from '../../../lib/form-resolver';

export interface ProfileNameValues {
  name: string;
}

/** The profile name (SPEC §5): required, ≤ 35, letters and spaces; validated on change and blur. */
export function useProfileNameForm(name: string) {
  return useForm<ProfileNameValues>({
    resolver: catalogueResolver<ProfileNameValues>(profileFormSchema),
    mode: 'all',
    defaultValues: { name },
  });
}
