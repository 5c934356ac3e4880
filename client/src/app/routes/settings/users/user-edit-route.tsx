import { useParams } from 'react-router';
import { UserEditor } from '../../../../features/users/components/user-editor';

export const UserEditRoute = () => {
  const { id = '' } = useParams();
  return <UserEditor key={id} id={id} />;
};
