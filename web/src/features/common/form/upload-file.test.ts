import { fileSizeText, uploadProblem } from './upload-file';

describe('a file picked for upload', () => {
  it('goes when it is a PNG, JPG, JPEG or PDF of at most 3.5 MB, whatever the case of its extension', () => {
    for (const name of ['po.pdf', 'SCAN.PDF', 'odometer.jpg', 'toll.JPEG', 'map.v2.png']) {
      expect(uploadProblem({ name, size: 1000 })).toBeUndefined();
    }
    expect(uploadProblem({ name: 'big.pdf', size: 3_670_016 })).toBeUndefined();
  });

  it('is refused, named, when the server would refuse it for its name or size', () => {
    expect(uploadProblem({ name: 'notes.docx', size: 1000 })).toBe(
      'notes.docx: upload a PNG, JPG, JPEG or PDF file.',
    );
    expect(uploadProblem({ name: 'pdf', size: 1000 })).toBe('pdf: upload a PNG, JPG, JPEG or PDF file.');
    expect(uploadProblem({ name: 'scan.pdf', size: 3_670_017 })).toBe(
      'scan.pdf: The file is larger than 3.5 MB; upload a smaller one.',
    );
    expect(uploadProblem({ name: 'blank.png', size: 0 })).toBe('blank.png: the file is empty.');
  });
});

describe('a file’s size', () => {
  it('reads in bytes, KB or MB', () => {
    expect([fileSizeText(820), fileSizeText(14_336), fileSizeText(2_411_724)]).toEqual([
      '820 bytes',
      '14 KB',
      '2.3 MB',
    ]);
  });
});
