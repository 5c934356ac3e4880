import { useParams } from 'react-router';
import { UserGroupEditor } from '../../../../features/user-groups/components/user-group-editor';

export const UserGroupEditRoute = () => {
  const { id = '' } = useParams();
  return <UserGroupEditor key={id} id={id} />;
};
