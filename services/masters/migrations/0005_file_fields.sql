-- What each upload is for: the master and its field holding files (`vehicle`, `insurance_file_id`). A
-- record's file fields take only files of its operator uploaded for that very field. Files uploaded
-- before are given the field that holds them; a file no record holds stays without one, and no record
-- can take it.
alter table masters.files add column master_kind text, add column field_name text;

update masters.files f set master_kind = 'vehicle', field_name = 'insurance_file_id'
  from masters.vehicles r where r.insurance_file_id = f.id;
update masters.files f set master_kind = 'vehicle', field_name = 'fitness_file_id'
  from masters.vehicles r where r.fitness_file_id = f.id;
update masters.files f set master_kind = 'vehicle', field_name = 'permit_file_id'
  from masters.vehicles r where r.permit_file_id = f.id;
update masters.files f set master_kind = 'vehicle', field_name = 'puc_file_id'
  from masters.vehicles r where r.puc_file_id = f.id;
update masters.files f set master_kind = 'driver', field_name = 'licence_file_id'
  from masters.drivers r where r.licence_file_id = f.id;
update masters.files f set master_kind = 'driver', field_name = 'police_verification_file_id'
  from masters.drivers r where r.police_verification_file_id = f.id;
update masters.files f set master_kind = 'company_profile', field_name = 'logo_file_id'
  from masters.company_profiles r where r.logo_file_id = f.id;
update masters.files f set master_kind = 'company_profile', field_name = 'signature_file_id'
  from masters.company_profiles r where r.signature_file_id = f.id;
update masters.files f set master_kind = lower(r.type), field_name = 'file_ids'
  from masters.connections r where f.id = any(r.file_ids);
